import { Box } from '@mantine/core';
import { AppIcon } from '../components/app-icons';

/**
 * The header's user menu button face: on phones an icon (the name is in the button's accessible
 * name and atop the menu), from tablets on the name (shortened past 160-220 px) and a chevron.
 */
export function UserMenuFace({ name }: { name: string }) {
  return (
    <>
      <Box component="span" hiddenFrom="sm" style={{ display: 'flex' }}>
        <AppIcon name="user" size={24} />
      </Box>
      <Box
        component="span"
        visibleFrom="sm"
        maw={{ sm: 160, md: 220 }}
        style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
      >
        {name}
      </Box>
      <Box component="span" visibleFrom="sm" style={{ flexShrink: 0 }}>
        <AppIcon name="chevronDown" size={14} style={{ display: 'block' }} />
      </Box>
    </>
  );
}
