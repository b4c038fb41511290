// The Ctrl+K box (loaded on first use, so that no page pays for it upfront): Mantine's
// Spotlight for the dialog, the input and the arrow keys, given the combobox roles it lacks
// (a listbox of options, the selected one read out through aria-activedescendant).
import { Loader, Modal, Stack, Text, VisuallyHidden } from '@mantine/core'
import { createSpotlight, Spotlight } from '@mantine/spotlight'
import { IconSearch } from '@tabler/icons-react'
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { useNavigate } from 'react-router'
import { errorMessage } from '@/lib/api/errors'
import { useMe } from '@/lib/auth/use-me'
import { MAX_QUERY, MIN_QUERY, useGlobalSearch } from '../api/search'
import { announce, toGroups, type SearchItem } from '../lib/results'
import { SearchResults } from './search-results'
import classes from './search.module.css'

const [store, searchBox] = createSpotlight()
const DEBOUNCE_MS = 200

/** Spotlight marks the selected option with data-selected and keeps its index in the store. */
function select(listId: string, index: number) {
  const list = document.getElementById(listId)
  list?.querySelectorAll('[data-selected]').forEach((e) => e.removeAttribute('data-selected'))
  if (index >= 0) list?.querySelectorAll('[data-action]')[index]?.setAttribute('data-selected', 'true')
  store.updateState((s) => ({ ...s, selected: index }))
}

/** Opens the box each time `openRequest` grows (the header button, Ctrl+K or ⌘K). */
export default function SearchSpotlight({ openRequest }: { openRequest: number }) {
  useEffect(() => { if (openRequest > 0) searchBox.open() }, [openRequest])

  const navigate = useNavigate()
  const { can } = useMe()
  // Spotlight moves its selection without re-rendering (updateState does not notify): the
  // index is read back after each key and each selection made here, for aria-activedescendant.
  const [selected, setSelected] = useState(-1)
  const readSelection = () => setTimeout(() => setSelected(store.getState().selected), 0)
  const [text, setText] = useState('')
  const typed = text.trim().slice(0, MAX_QUERY)
  const [sent, setSent] = useState('')
  // Enter pressed before the results of what was typed arrived: go to the first one then.
  const [goOnArrival, setGoOnArrival] = useState(false)
  useEffect(() => {
    const timer = setTimeout(() => setSent(typed), DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [typed])

  const search = useGlobalSearch(sent)
  const canViewAssets = can('ASSETS', 'view')
  const groups = useMemo(() => (search.data ? toGroups(search.data, canViewAssets) : []), [search.data, canViewAssets])
  const items = groups.flatMap((g) => g.items)
  const stale = typed !== sent || search.isLoading
  const listId = `${useId()}-resultats`
  const optionId = (i: number) => `${listId}-${i}`

  function go(item: SearchItem) {
    searchBox.close()
    navigate(item.to)
  }

  // New results: the first one is selected, so Enter opens it.
  const first = useRef<string | null>(null)
  useEffect(() => {
    if (!search.data) first.current = null
    if (search.isError && goOnArrival) setGoOnArrival(false)
    if (!search.data || typed !== sent) return
    const key = items[0]?.id ?? null
    if (goOnArrival) {
      setGoOnArrival(false)
      if (items[0]) go(items[0])
      return
    }
    if (items.length > 0 && key !== first.current) { select(listId, 0); setSelected(0) }
    first.current = key
  })

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') readSelection()
    if (event.key === 'Enter' && stale && typed.length >= MIN_QUERY) {
      // Spotlight would open the selected option of the previous text: wait for this one's.
      setSent(typed)
      setGoOnArrival(true)
      select(listId, -1)
      setSelected(-1)
    }
  }

  // Read out once the answer is in (not at each keystroke).
  const status = !typed || stale ? ''
    : search.isError ? `La recherche a échoué. ${errorMessage(search.error)}`
    : search.data ? announce(groups, sent) : ''

  return (
    <Spotlight.Root store={store} shortcut={null} query={text} onQueryChange={(q) => { setText(q); setGoOnArrival(false); readSelection() }} closeOnActionTrigger={false}
      classNames={{ action: classes.action }}
      scrollable maxHeight={420} onSpotlightClose={() => { setSent(''); setGoOnArrival(false) }}>
      <VisuallyHidden><Modal.Title>Recherche dans Palier</Modal.Title></VisuallyHidden>
      <Spotlight.Search
        placeholder="OT-123, ascenseur, site, pièce, personne…"
        aria-label="Rechercher un ordre de travail, un ascenseur, un site, une pièce ou une personne"
        role="combobox" aria-autocomplete="list" aria-haspopup="listbox"
        aria-expanded={items.length > 0} aria-controls={listId}
        aria-activedescendant={selected >= 0 && selected < items.length ? optionId(selected) : undefined}
        maxLength={MAX_QUERY} autoComplete="off" spellCheck={false}
        leftSection={<IconSearch size={20} stroke={1.6} aria-hidden />}
        rightSection={typed && stale ? <Loader size="xs" aria-hidden /> : null}
        onKeyDown={onKeyDown}
      />
      <Spotlight.ActionsList>
        <SearchResults listId={listId} optionId={optionId} groups={groups} selected={selected} onChoose={go} />
        {!typed && <Hint>Tapez une référence d’OT (OT-123), une référence ou un numéro de série d’ascenseur, un nom de site, une adresse, des mots de la description, une pièce (référence ou désignation) ou le nom d’une personne.</Hint>}
        {typed && items.length === 0 && (
          stale ? <Hint><Loader size="sm" aria-hidden /> Recherche…</Hint>
            : search.isError ? <Hint error>La recherche a échoué. {errorMessage(search.error)}</Hint>
            : search.data ? <Hint>Aucun résultat pour « {sent} ».</Hint> : null
        )}
      </Spotlight.ActionsList>
      <Spotlight.Footer visibleFrom="sm">
        <Text size="xs" c="dimmed">↑ ↓ pour choisir · Entrée pour ouvrir · Échap pour fermer</Text>
      </Spotlight.Footer>
      <VisuallyHidden role="status" aria-live="polite" aria-atomic>{status}</VisuallyHidden>
    </Spotlight.Root>
  )
}

function Hint({ children, error }: { children: ReactNode; error?: boolean }) {
  return (
    <Stack align="center" gap={6} py="lg" px="md">
      <Text size="sm" ta="center" c={error ? 'red.9' : 'dimmed'} style={{ display: 'flex', gap: 8, alignItems: 'center' }}>{children}</Text>
    </Stack>
  )
}
