import { use, useEffect, useState } from 'react';
import { MSG } from '../../core/messages';
import { useLanguage } from './i18n';

type Msg = typeof MSG;
let tamil: Promise<Msg> | null = null;
let tamilLoaded: Msg | null = null;
const loadTamil = () => (tamil ??= import('../../core/messages-ta').then((m) => (tamilLoaded = m.MSG_TA as unknown as Msg)));

/** The product's messages (core/messages.ts) in the interface language; Tamil loads only when chosen. */
export function useMsg(): Msg {
  return useLanguage() === 'ta' ? (tamilLoaded ?? use(loadTamil())) : MSG;
}

type ToText = (text: string) => string;
let toTamil: Promise<ToText> | null = null;
const loadToTamil = () => (toTamil ??= import('../../core/texts-ta').then((m) => m.toTamil));
const asIs: ToText = (text) => text;

/**
 * Rule texts made on this device (core's stock, unit and schema texts, the same the server sends) in
 * the interface language. Tamil's table loads when a screen that can show them opens in Tamil
 * (long before a save is refused); until then the text stays as it is.
 */
export function useRuleText(): ToText {
  const tamil = useLanguage() === 'ta';
  const [translate, setTranslate] = useState<{ fn: ToText } | null>(null);
  useEffect(() => {
    if (!tamil) return;
    let live = true;
    void loadToTamil().then((fn) => live && setTranslate({ fn }));
    return () => {
      live = false;
    };
  }, [tamil]);
  return tamil && translate ? translate.fn : asIs;
}
