import { Alert, Title } from '@mantine/core';

export function ComingSoon({ title }: { title: string }) {
  return (
    <>
      <Title order={2} mb="md">{title}</Title>
      <Alert color="gray">Coming soon</Alert>
    </>
  );
}
