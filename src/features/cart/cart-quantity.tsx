import { ActionIcon, Group, TextInput } from '@mantine/core';
import { Suspense, useEffect, useState } from 'react';
import type { Coded } from '../../../core/coded';
import { cartQuantityStep, isDecimalUnit, MAX_QUANTITY, quantityError } from '../../../core/units';
import { useT } from '../../lib/i18n';
import { useText } from '../../lib/messages';
import { useUnitText } from '../../lib/unit-text';
import { useCart, type CartItem } from '../../stores/cart';

/** A rule's coded message in the interface language (the catalogues load on its first showing). */
function CodedText({ c }: { c: Coded }) {
  return useText()(c);
}

/** A quantity as typed: digits with an optional decimal part ("12", "1.25"); anything else is not one. */
const PLAIN_NUMBER = /^\d+(\.\d+)?$/;

/**
 * Why a typed quantity cannot go into the cart: more than the stock, else core's quantity rule (more
 * than 0, whole pieces, at most 3 decimals for loose goods). Null when it can.
 */
function quantityProblem(typed: string, item: CartItem): { coded: Coded } | { stock: number } | null {
  const q = PLAIN_NUMBER.test(typed.trim()) ? Number(typed) : NaN;
  // past the stock: the stock is what the customer needs to know first
  if (Number.isFinite(q) && q > item.countInStock) return { stock: item.countInStock };
  const rule = quantityError(q, item.unit ?? 'pcs', item.name);
  return rule ? { coded: rule } : null;
}

/** The reason a typed quantity was not taken. */
function QuantityProblem({ problem, unit }: { problem: { coded: Coded } | { stock: number }; unit: string }) {
  const t = useT('cart');
  const units = useUnitText();
  if ('stock' in problem) return t('onlyInStock', { n: units.quantity(problem.stock, unit) });
  return (
    <Suspense fallback={null}>
      <CodedText c={problem.coded} />
    </Suspense>
  );
}

const round3 = (q: number) => Math.round(q * 1000) / 1000;

/**
 * A cart line's quantity: typed, or stepped with minus and plus (44 px targets), up to the stock; whole
 * pieces, or up to 3 decimals for loose goods. What is typed stays as typed: the cart takes it only when
 * it is a quantity the rules and the stock allow, else the reason shows under the box and `onValidity`
 * tells the page (checkout waits). Nothing is clamped or rounded behind the customer's back.
 */
export function CartQuantity({ item, onValidity }: { item: CartItem; onValidity: (id: string, ok: boolean) => void }) {
  const t = useT('cart');
  const tc = useT('common');
  const units = useUnitText();
  const addToCart = useCart((s) => s.addToCart);
  const unit = item.unit ?? 'pcs';
  const decimals = isDecimalUnit(unit);
  const step = cartQuantityStep(unit);
  const max = Math.min(item.countInStock, MAX_QUANTITY);
  const [typed, setTyped] = useState(String(item.qty));
  const problem = quantityProblem(typed, item);
  const ok = problem === null;
  useEffect(() => onValidity(item._id, ok), [item._id, ok, onValidity]);

  const change = (v: string) => {
    setTyped(v);
    if (quantityProblem(v, item) === null) addToCart({ ...item, qty: Number(v) });
  };
  // the steppers start from what the cart holds while the box shows a refused figure
  const current = ok ? Number(typed) : item.qty;
  const glyph = (s: string) => (
    <span aria-hidden="true" style={{ fontSize: 22, lineHeight: 1 }}>
      {s}
    </span>
  );

  return (
    <Group gap={4} wrap="nowrap" align="flex-start">
      <ActionIcon
        size={44}
        variant="light"
        onClick={() => change(String(round3(current - step)))}
        disabled={current - step < step - 1e-9}
        aria-label={tc('lessOf', { name: item.name })}
      >
        {glyph('−')}
      </ActionIcon>
      {/* a text box keeps what was typed (a number box drops a "." or an "e" and takes another number) */}
      <TextInput
        aria-label={t('quantityOf', { name: item.name })}
        value={typed}
        onChange={(e) => change(e.currentTarget.value)}
        inputMode={decimals ? 'decimal' : 'numeric'}
        autoComplete="off"
        error={problem && <QuantityProblem problem={problem} unit={unit} />}
        // the unit in the interface language beside the figure ("kg", "கி.கி."); pieces show none
        rightSection={units.name(unit) || undefined}
        rightSectionWidth={units.name(unit) ? 40 : undefined}
        w={units.name(unit) ? 104 : 72}
        // the reason runs on under the plus button rather than wrapping in the narrow box's width
        styles={{ input: { minHeight: 44, textAlign: 'center' }, error: { width: 'max-content', maxWidth: 180 } }}
      />
      <ActionIcon
        size={44}
        variant="filled"
        onClick={() => change(String(round3(current + step)))}
        disabled={current + step > max + 1e-9}
        aria-label={tc('moreOf', { name: item.name })}
      >
        {glyph('+')}
      </ActionIcon>
    </Group>
  );
}
