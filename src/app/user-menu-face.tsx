import { Box } from '@mantine/core';
import { LineIcon, SHELL_ICONS } from '../components/line-icon';
import header from './header.module.css';

const ELLIPSIS = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

/**
 * The header's user menu button face: on phones an icon (the name is in the button's accessible
 * name and atop the menu), from tablets on the name (shortened past 160-220 px) and a chevron. A shop's
 * people (`role` given) are named on every screen by first name and role: who is at work on a shared till.
 */
export function UserMenuFace({ name, role }: { name: string; role?: string }) {
  return (
    <>
      {role ? (
        <span className={header.person}>
          <Box component="span" maw={{ base: 88, sm: 140 }} fz={{ base: 'sm', sm: 'md' }} style={ELLIPSIS} data-testid="person-name">
            {name.trim().split(/\s+/)[0]}
          </Box>
          <span className={header.role} data-testid="person-role">
            {role}
          </span>
        </span>
      ) : (
        <>
          <Box component="span" hiddenFrom="sm" style={{ display: 'flex' }}>
            <LineIcon d={SHELL_ICONS.user} size={24} />
          </Box>
          <Box component="span" visibleFrom="sm" maw={{ sm: 160, md: 220 }} style={ELLIPSIS}>
            {name}
          </Box>
        </>
      )}
      <Box component="span" visibleFrom="sm" style={{ flexShrink: 0 }}>
        <LineIcon d={SHELL_ICONS.chevronDown} size={14} style={{ display: 'block' }} />
      </Box>
    </>
  );
}
