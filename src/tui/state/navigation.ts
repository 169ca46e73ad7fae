/**
 * The dashboard's UI state: which resource, which screen (the list, or a
 * stack of detail views on top of it, each with its scroll position), which
 * overlay owns the keyboard, the text being typed in the filter or command
 * line, and the one-line message.
 *
 * It lives in a small synchronous store outside React on purpose: keys that
 * arrive within one render (a burst, key repeat, a paste followed by Enter)
 * are routed by the state the previous key left, not by what was last drawn.
 * React reads it with useSyncExternalStore.
 *
 * The list's own position (page, selection, filter) lives in its ListStore,
 * so going into details and back, or switching resources and back, finds the
 * same row of the same page.
 */
import type { ResourceName } from '../../api/resources.js';
import type { ApiRecord } from '../../api/record.js';
import type { SortOrder } from '../../domain/listQuery.js';
import { EMPTY_EDITOR, type EditorState } from '../text/lineEditor.js';
import { Store } from './store.js';

/** `burn`: the burn calculator's question line, in an SLO's details. */
type Overlay = 'none' | 'help' | 'command' | 'filter' | 'burn';

export interface DetailEntry {
  resource: ResourceName;
  id: string;
  /** The record as the list had it (shown at once); the screen may read it again. */
  record?: ApiRecord;
}

interface OpenDetail extends DetailEntry {
  /** First line shown. */
  scroll: number;
  /** Which of the record's references Enter opens (an index into referencesOf). */
  reference: number;
}

interface Message {
  text: string;
  tone: 'info' | 'error';
}

export interface NavState {
  resource: ResourceName;
  /** Empty: the list screen. Otherwise the detail views opened, newest last. */
  details: OpenDetail[];
  overlay: Overlay;
  message: Message | null;
  command: EditorState & { candidates: string[] };
  filter: EditorState;
  /** The burn calculator's question (`2%`, `12m`); its answer stays in the details after Enter. */
  burn: EditorState;
  helpScroll: number;
  /** The screens visited, as a browser keeps them: `[` goes back, `]` forward. */
  history: { back: Place[]; forward: Place[] };
  /** Where `[` or `]` went last: the dashboard puts its list back as it was left. */
  arrived: Place | null;
}

/** A list as it was left: its filter, its order and the record selected. */
export interface ListPlace {
  text: string;
  sort?: SortOrder;
  selected?: string;
}

/** What a resource's list is now, for the history to keep. */
export type ListOf = (resource: ResourceName) => ListPlace | undefined;

/** A screen the user was on: a resource's list as it was, and the details opened over it (with their scroll). */
interface Place {
  resource: ResourceName;
  details: OpenDetail[];
  list?: ListPlace;
}

/** How many screens back `[` can go. */
const HISTORY_LIMIT = 50;

export type NavAction =
  | { type: 'switch-resource'; resource: ResourceName }
  | { type: 'open-detail'; entry: DetailEntry }
  | { type: 'back' }
  | { type: 'overlay'; overlay: Overlay; filter?: string }
  | { type: 'message'; message: Message | null }
  | { type: 'scroll-detail'; to: number; max: number }
  | { type: 'scroll-help'; to: number; max: number }
  | { type: 'mark-reference'; to: number; count: number }
  | { type: 'edit-command'; editor: EditorState; candidates?: string[] }
  | { type: 'edit-filter'; editor: EditorState }
  | { type: 'edit-burn'; editor: EditorState }
  | { type: 'history-back' }
  | { type: 'history-forward' };

export function initialNav(resource: ResourceName): NavState {
  return {
    resource,
    details: [],
    overlay: 'none',
    message: null,
    command: { ...EMPTY_EDITOR, candidates: [] },
    filter: EMPTY_EDITOR,
    burn: EMPTY_EDITOR,
    helpScroll: 0,
    history: { back: [], forward: [] },
    arrived: null,
  };
}

function placeOf(state: NavState, listOf: ListOf | undefined): Place {
  const list = listOf?.(state.resource);
  return list
    ? { resource: state.resource, details: state.details, list }
    : { resource: state.resource, details: state.details };
}

/** `next`, with the screen left remembered when the screen changed (and the way forward forgotten). */
function visited(state: NavState, next: NavState, listOf: ListOf | undefined): NavState {
  if (next.resource === state.resource && next.details === state.details) return next;
  const back = [...state.history.back, placeOf(state, listOf)].slice(-HISTORY_LIMIT);
  return { ...next, history: { back, forward: [] } };
}

/** The place at the end of `from`, with the current one put at the end of `to`. */
function travel(state: NavState, direction: 'back' | 'forward', listOf: ListOf | undefined): NavState {
  const from = direction === 'back' ? state.history.back : state.history.forward;
  const to = direction === 'back' ? state.history.forward : state.history.back;
  const place = from[from.length - 1];
  if (!place) return state;
  const history = { back: from.slice(0, -1), forward: [...to, placeOf(state, listOf)] };
  return {
    ...state,
    resource: place.resource,
    details: place.details,
    overlay: 'none',
    burn: EMPTY_EDITOR,
    history: direction === 'back' ? history : { back: history.forward, forward: history.back },
    arrived: place,
  };
}

const clamp = (n: number, max: number): number => Math.max(0, Math.min(Math.max(0, max), n));

/** The next state; `listOf` tells what the list of a screen left is, for `[` to bring it back as it was. */
export function navReducer(state: NavState, action: NavAction, listOf?: ListOf): NavState {
  switch (action.type) {
    case 'switch-resource':
      // Switching shows the other resource's list (where it was left); details are closed.
      if (state.resource === action.resource && state.details.length === 0)
        return { ...state, overlay: 'none', burn: EMPTY_EDITOR };
      return visited(
        state,
        { ...state, resource: action.resource, details: [], overlay: 'none', burn: EMPTY_EDITOR },
        listOf,
      );
    case 'open-detail':
      return visited(
        state,
        {
          ...state,
          details: [...state.details, { ...action.entry, scroll: 0, reference: 0 }],
          overlay: 'none',
          burn: EMPTY_EDITOR,
        },
        listOf,
      );
    case 'back':
      return state.details.length === 0
        ? state
        : visited(state, { ...state, details: state.details.slice(0, -1), burn: EMPTY_EDITOR }, listOf);
    case 'history-back':
      return travel(state, 'back', listOf);
    case 'history-forward':
      return travel(state, 'forward', listOf);
    case 'overlay': {
      if (state.overlay === action.overlay) return state;
      const next = { ...state, overlay: action.overlay };
      if (action.overlay === 'command') next.command = { ...EMPTY_EDITOR, candidates: [] };
      if (action.overlay === 'filter')
        next.filter = { value: action.filter ?? '', cursor: (action.filter ?? '').length };
      if (action.overlay === 'help') next.helpScroll = 0;
      if (action.overlay === 'burn') next.burn = EMPTY_EDITOR;
      return next;
    }
    case 'message':
      return state.message === action.message ? state : { ...state, message: action.message };
    case 'scroll-detail': {
      const top = state.details[state.details.length - 1];
      if (!top) return state;
      const scroll = clamp(action.to, action.max);
      return scroll === top.scroll ? state : { ...state, details: [...state.details.slice(0, -1), { ...top, scroll }] };
    }
    case 'mark-reference': {
      const top = state.details[state.details.length - 1];
      if (!top || action.count <= 0) return state;
      const reference = ((action.to % action.count) + action.count) % action.count;
      return reference === top.reference
        ? state
        : { ...state, details: [...state.details.slice(0, -1), { ...top, reference }] };
    }
    case 'scroll-help': {
      const helpScroll = clamp(action.to, action.max);
      return helpScroll === state.helpScroll ? state : { ...state, helpScroll };
    }
    case 'edit-command':
      return { ...state, command: { ...action.editor, candidates: action.candidates ?? [] } };
    case 'edit-filter':
      return { ...state, filter: action.editor };
    case 'edit-burn':
      return { ...state, burn: action.editor };
  }
}

export const currentDetail = (state: NavState): OpenDetail | undefined => state.details[state.details.length - 1];

/** The UI state as a synchronous external store: changed only through the reducer. */
export class NavStore extends Store<NavState> {
  /** What a resource's list is now (the dashboard sets it once its lists exist). */
  listOf: ListOf | undefined;

  constructor(initial: NavState) {
    super(initial);
  }

  dispatch = (action: NavAction): void => this.set(navReducer(this.getSnapshot(), action, this.listOf));
}
