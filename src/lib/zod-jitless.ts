import { z } from 'zod';

/**
 * Runs before any schema is built (first import of src/main.tsx): zod's JIT probes `new Function`,
 * which the Content-Security-Policy (script-src 'self', no 'unsafe-eval') blocks and reports as a
 * violation. Jitless parsing needs no eval.
 */
z.config({ jitless: true });
