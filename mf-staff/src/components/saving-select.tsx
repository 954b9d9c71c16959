import { useEffect, useRef, useState, type ComponentProps } from 'react';
import { Select } from 'shared/ui';

type Props = Omit<ComponentProps<typeof Select>, 'value' | 'onChange' | 'onBlur' | 'onKeyDown' | 'onPointerDown'> & {
  value: string;
  /** Saves a choice; resolves false when it was refused (the select then shows the saved value again). */
  onSave(value: string): Promise<boolean>;
};

/**
 * A select that saves a choice made with the mouse at once, and one made with the keyboard once it rests on it (arrow
 * keys change a closed select at every press: saving each would write every option passed, an assignment for each),
 * on Enter, or when focus leaves. It stays enabled while it saves, so keyboard focus stays on it.
 */
export function SavingSelect({ value, onSave, ...select }: Props) {
  const [shown, setShown] = useState(value);
  const saved = useRef(value);
  const keyboard = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    setShown(value);
    saved.current = value;
  }, [value]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const commit = (next: string) => {
    clearTimeout(timer.current);
    if (next === saved.current) return;
    const before = saved.current;
    saved.current = next;
    void onSave(next).then((ok) => {
      if (ok || saved.current !== next) return;
      saved.current = before;
      setShown(before);
    });
  };
  return (
    <Select
      {...select}
      value={shown}
      onPointerDown={() => (keyboard.current = false)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit(shown);
        else keyboard.current = true;
      }}
      onChange={(e) => {
        const next = e.target.value;
        setShown(next);
        if (!keyboard.current) return commit(next);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => commit(next), 1000);
      }}
      onBlur={() => commit(shown)}
    />
  );
}
