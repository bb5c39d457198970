import { create } from 'zustand';

/** Whether the outbox drawer is open: the header's sync status opens it, and so does the account menu when nothing waits. */
export const useOutboxDrawer = create<{ opened: boolean }>()(() => ({ opened: false }));

export const openOutbox = () => useOutboxDrawer.setState({ opened: true });
export const closeOutbox = () => useOutboxDrawer.setState({ opened: false });
