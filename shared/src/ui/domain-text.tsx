import { Fragment } from 'react';
import { domainBreakParts } from '../format';

/**
 * Text holding domain names, allowed to wrap after a dot (`<wbr>`) but not inside a word: `overflow-wrap: anywhere`
 * on a parent would also let a flex or grid squeeze the text until words break, so this sets `break-word`, which
 * breaks a word only when it cannot fit on a line of its own.
 */
// Said outright so that every accessible-name computation (jsdom's included) joins the parts without a space.
const WBR = { display: 'inline' } as const;

export function DomainText({ text }: { text: string }) {
  const parts = domainBreakParts(text);
  return (
    <span className="domain-text" style={{ overflowWrap: 'break-word', wordBreak: 'normal' }}>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 ? <wbr style={WBR} /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
