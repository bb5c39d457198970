import { Button, Group, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useT } from '../../lib/i18n';

/** A keyword box that opens the product search with the keyword filled in. */
export function SearchBox({ placeholder }: { placeholder?: string }) {
  const t = useT('catalog');
  const [keyword, setKeyword] = useState('');
  const navigate = useNavigate();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const k = keyword.trim();
    navigate(k ? `/product-search?keyword=${encodeURIComponent(k)}` : '/product-search');
  };
  return (
    <form onSubmit={submit} role="search">
      <Group gap="xs" wrap="nowrap">
        <TextInput
          aria-label={t('searchProducts')}
          placeholder={placeholder ?? t('searchPlaceholder')}
          value={keyword}
          onChange={(e) => setKeyword(e.currentTarget.value)}
          style={{ flex: 1 }}
          maxLength={100}
        />
        <Button type="submit">{t('search')}</Button>
      </Group>
    </form>
  );
}
