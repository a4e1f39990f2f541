// French texts of the dictation player (product.md §16): its controls, its keyboard shortcuts and
// what screen readers hear when a shortcut acts.
export const dictationText = {
  /** The dictations section's title with their total length: « Dictées (2) · 12 min 30 s ». */
  sectionTitle: (count: string, length: string | null) => (length ? `${count} · ${length}` : count),
  length: (length: string) => `Durée : ${length}`,
  unknownLength: 'Durée inconnue',
  play: (name: string) => `Lire ${name}`,
  pause: (name: string) => `Mettre en pause ${name}`,
  back: (name: string) => `Reculer de 5 secondes dans ${name}`,
  forward: (name: string) => `Avancer de 5 secondes dans ${name}`,
  position: (name: string) => `Position dans ${name}`,
  /** The slider's value as screen readers say it. */
  positionValue: (elapsed: string, total: string | null) => (total ? `${elapsed} sur ${total}` : elapsed),
  clock: (elapsed: string, total: string | null) => `${elapsed} / ${total ?? '--:--'}`,
  speed: 'Vitesse',
  speedOf: (name: string) => `Vitesse de lecture de ${name}`,
  /** What a shortcut did, said by screen readers. */
  announced: {
    playing: (name: string) => `Lecture de ${name}`,
    paused: (position: string) => `Pause à ${position}`,
    moved: (position: string) => `Position ${position}`,
    speed: (speed: string) => `Vitesse ${speed}`,
  },
  shortcuts: {
    title: 'Raccourcis clavier',
    hint: 'Depuis n’importe où sur la page, hors d’un champ de saisie ; ils agissent sur la dernière dictée utilisée.',
    keys: {
      togglePlay: 'Alt + K',
      back: 'Alt + J',
      forward: 'Alt + L',
      slower: 'Alt + ↓',
      faster: 'Alt + ↑',
    },
    /** How screen readers spell the keys (« ↓ » is read as a symbol, or not at all). */
    spokenKeys: {
      togglePlay: 'Alt plus K',
      back: 'Alt plus J',
      forward: 'Alt plus L',
      slower: 'Alt plus flèche bas',
      faster: 'Alt plus flèche haut',
    },
    actions: {
      togglePlay: 'Lecture / pause',
      back: 'Reculer de 5 secondes',
      forward: 'Avancer de 5 secondes',
      slower: 'Ralentir (0,5× au plus lent)',
      faster: 'Accélérer (2× au plus rapide)',
    },
  },
};
