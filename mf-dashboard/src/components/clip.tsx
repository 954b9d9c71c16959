import styled from '@emotion/styled';

/** Long free text in a table cell: one line, cut with an ellipsis; the full text stays in the title and the panel. */
const Span = styled.span`
  display: inline-block; max-width: 22ch; overflow: hidden; text-overflow: ellipsis; vertical-align: bottom;
`;

export function Clip({ text }: { text: string }) {
  return <Span title={text}>{text}</Span>;
}
