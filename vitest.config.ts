import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'core/**/*.test.ts', 'src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // the template databases every test app copies (tests/api/global-setup.ts)
          globalSetup: ['tests/api/global-setup.ts'],
          // each file gets its own database; two at a time suits the 2-core machines
          maxWorkers: 2,
          // the files share their worker's modules (the server's code is imported once per worker, not once per
          // file: about 5 s of CPU a file); each file still builds its own app on its own database
          isolate: false,
        },
      },
    ],
  },
});
