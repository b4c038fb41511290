import { Mark, Text } from '@mantine/core'
import { highlight } from '../lib/highlight'

/** A cited excerpt as indexed (anonymised), the sentences the answer took from it marked. */
export function Excerpt({ id, text, sentences }: { id: string; text: string; sentences: string[] }) {
  return (
    <Text id={id} component="blockquote" size="sm" m={0} p="sm" bg="gray.0"
      style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', borderLeft: '3px solid var(--mantine-color-gray-4)', borderRadius: 4 }}>
      {highlight(text, sentences).map((s, i) => (s.marked ? <Mark key={i} color="yellow.2">{s.text}</Mark> : <span key={i}>{s.text}</span>))}
    </Text>
  )
}
