import { Text, Title } from '@mantine/core';

/** A section's heading (an h3 at h4 size), with the dimmed line under it that says what the section is for. */
export function SectionTitle({ title, hint }: { title: string; hint?: string }) {
  return (
    <>
      <Title order={3} size="h4">
        {title}
      </Title>
      {hint && (
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
      )}
    </>
  );
}
