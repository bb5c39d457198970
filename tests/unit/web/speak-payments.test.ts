import { afterEach, describe, expect, it } from 'vitest';
import { MemoryStorage } from './memory-storage';
import { canSpeak, setSpeaksPayments, speakPayment, speaksPayments } from '../../../src/lib/speak-payments';

(globalThis as { localStorage?: Storage }).localStorage = new MemoryStorage();

/** A browser's speech synthesis with one Tamil voice, recording what it is asked to say. */
function fakeSpeech() {
  const said: Array<{ text: string; lang: string; voice: string | null }> = [];
  const tamil = { lang: 'ta_IN', name: 'Tamil India' };
  class Utterance {
    lang = '';
    voice: { name: string } | null = null;
    constructor(public text: string) {}
  }
  Object.assign(globalThis, {
    window: {
      speechSynthesis: {
        getVoices: () => [tamil],
        cancel: () => {},
        speak: (u: Utterance) => said.push({ text: u.text, lang: u.lang, voice: u.voice?.name ?? null }),
      },
      SpeechSynthesisUtterance: Utterance,
    },
    SpeechSynthesisUtterance: Utterance,
  });
  return said;
}

afterEach(() => {
  delete (globalThis as { window?: unknown }).window;
  delete (globalThis as { SpeechSynthesisUtterance?: unknown }).SpeechSynthesisUtterance;
  localStorage.clear();
});

describe('a confirmed UPI payment said aloud (src/lib/speak-payments.ts)', () => {
  it("says it in the interface language's Indian locale, with a voice of that language when the device has one", () => {
    const said = fakeSpeech();
    speakPayment('347 ரூபாய் 21 பைசா பெறப்பட்டது', 'ta');
    speakPayment('347 rupees 21 paise received', 'en');
    expect(said).toEqual([
      { text: '347 ரூபாய் 21 பைசா பெறப்பட்டது', lang: 'ta-IN', voice: 'Tamil India' },
      { text: '347 rupees 21 paise received', lang: 'en-IN', voice: null },
    ]);
  });

  it('is on until switched off on the device, and silent then', () => {
    const said = fakeSpeech();
    expect(speaksPayments()).toBe(true);
    setSpeaksPayments(false);
    expect(speaksPayments()).toBe(false);
    speakPayment('45 rupees received', 'en');
    expect(said).toEqual([]);
    setSpeaksPayments(true);
    speakPayment('45 rupees received', 'en');
    expect(said).toHaveLength(1);
  });

  it('does nothing, and never throws, in a browser without speech synthesis', () => {
    Object.assign(globalThis, { window: {} });
    expect(canSpeak()).toBe(false);
    expect(() => speakPayment('45 rupees received', 'en')).not.toThrow();
  });
});
