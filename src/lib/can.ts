/**
 * What an account may do, from the one permission table in core (core/permissions.ts), the same
 * table the server's route policy reads. Screens ask `can(user, 'sell')` or `useCan('sell')`
 * (src/stores/use-can.ts), never a role: the linter refuses role comparisons anywhere else.
 */
export { type Action, can } from '../../core/permissions';
