let resolveReady: () => void = () => {};

/** Resolves once the ModalsProvider (mounted after the first paint, src/app/deferred-providers.tsx) listens. */
export const modalsReady = new Promise<void>((resolve) => (resolveReady = resolve));

export const markModalsReady = () => resolveReady();
