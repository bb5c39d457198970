import { TextInput } from '@mantine/core';

/** A period's first and last day, each bounding the other (the first no later than the last). */
export function DateRange(props: {
  from: string;
  to: string;
  onFrom: (day: string) => void;
  onTo: (day: string) => void;
  /** The two fields' labels. */
  labels: [from: string, to: string];
  required?: boolean;
}) {
  const days = [
    { label: props.labels[0], value: props.from, set: props.onFrom, max: props.to || undefined },
    { label: props.labels[1], value: props.to, set: props.onTo, min: props.from || undefined },
  ];
  return (
    <>
      {days.map(({ set, ...day }) => (
        <TextInput key={day.label} type="date" {...day} onChange={(e) => set(e.currentTarget.value)} required={props.required} />
      ))}
    </>
  );
}
