import { Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { AppIcon, type IconName } from '../../components/app-icons';

/** A page that only says where the user is not (not found, not allowed): its icon, its title, a line of help and the ways on. */
export function StatusCard(props: {
  icon: IconName;
  color: string;
  title: string;
  /** The title's heading level (it looks an h3 either way); `alert` announces it. */
  level: 1 | 3;
  alert?: boolean;
  hint: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="lg" p="xl" maw={520} mx="auto" my="xl">
      <Stack align="center" ta="center">
        <ThemeIcon size={64} radius="xl" color={props.color} variant="light" aria-hidden>
          <AppIcon name={props.icon} size={32} />
        </ThemeIcon>
        <Title order={props.level} fz="h3" role={props.alert ? 'alert' : undefined}>
          {props.title}
        </Title>
        <Text c="dimmed" size="sm">
          {props.hint}
        </Text>
        <Group justify="center">{props.children}</Group>
      </Stack>
    </Paper>
  );
}
