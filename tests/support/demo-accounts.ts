/** The demo data's accounts (server/db/seed-demo.ts), for every test, script and bench run that signs in. */
export const DEMO = {
  admin: '9876500001',
  vendor: '9876500002',
  customer: '9876500003',
  delivery: '9876500004',
  /** Meenakshi Traders: delivers in Madurai only. */
  vendor2: '9876500005',
  /** Kaveri Organics: a second shop delivering in Chennai, like Murugan Stores. */
  kaveri: '9876500006',
  /** Fathima Begum: a customer in Madurai. */
  maduraiCustomer: '9876500008',
  password: 'Demo@1234',
} as const;
