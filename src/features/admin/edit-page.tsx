import { Button } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { QueryView } from '../../components/query-view';
import { PageHeader } from '../../components/page-header';

/**
 * An admin page that edits one record: its title, then its form once the record has loaded, else why
 * not (a failed load with Retry, or not found) with the way back to its list.
 */
export function EditPage<Q, T = Q>(props: {
  title: string;
  query: { data?: Q | null; error?: unknown; refresh: () => void };
  /** The record, when it is taken out of the answer (one of a list). */
  data?: T | null;
  failed: string;
  notFound?: string;
  back?: { to: string; label: string };
  children: (record: T) => ReactNode;
}) {
  const { back } = props;
  return (
    <>
      <PageHeader title={props.title} />
      <QueryView
        query={props.query}
        data={props.data}
        failed={props.failed}
        notFound={props.notFound}
        action={
          back && (
            <Button component={Link} to={back.to} variant="light" color="red" size="xs">
              {back.label}
            </Button>
          )
        }
      >
        {props.children}
      </QueryView>
    </>
  );
}
