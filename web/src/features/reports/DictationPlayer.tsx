import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Button, Label, Select, Slider, Text, makeStyles, tokens } from '@fluentui/react-components';
import { FastForwardRegular } from '@fluentui/react-icons/svg/fast-forward';
import { MicRegular } from '@fluentui/react-icons/svg/mic';
import { PauseRegular } from '@fluentui/react-icons/svg/pause';
import { PlayRegular } from '@fluentui/react-icons/svg/play';
import { RewindRegular } from '@fluentui/react-icons/svg/rewind';
import { dictationText as d } from '../../i18n/dictation';
import { useAnnounce } from '../../ui/LiveAnnouncer';
import { formatFileSize } from '../../ui/format';
import { truncate } from '../../ui/text';
import {
  JUMP_SECONDS,
  SPEEDS,
  clampTime,
  formatClock,
  formatLength,
  formatSpeed,
  knownDuration,
  positionSaver,
  startPosition,
  stepSpeed,
  type PlayerAction,
  type PositionSaver,
} from './dictation';
import type { DictationFacts } from './useDictationFacts';
import { useDictationShortcuts } from './useDictationShortcuts';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalXS,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
  },
  heading: { display: 'flex', alignItems: 'center', columnGap: tokens.spacingHorizontalS },
  name: { flexGrow: 1, minWidth: '10em', overflowWrap: 'anywhere' },
  controls: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalXS,
    rowGap: tokens.spacingVerticalXS,
  },
  // The icon buttons stay at least 24 × 24 px (WCAG 2.5.8), the slider takes what is left.
  button: { minWidth: '24px', minHeight: '24px' },
  slider: { flexGrow: 1, minWidth: '8em' },
  clock: { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
  speed: { display: 'inline-flex', alignItems: 'center', columnGap: tokens.spacingHorizontalXS },
  muted: { color: tokens.colorNeutralForeground3 },
});

export interface DictationFile {
  readonly id: string;
  readonly name: string;
  readonly size: number;
  readonly url: string;
}

/**
 * One deposited dictation and its player (product.md §16): play and pause, 5 seconds back or
 * forward, a position slider with « 01:23 / 04:10 », the speed from 0,5× to 2× at the same pitch,
 * and the page's keyboard shortcuts (useDictationShortcuts). It starts where the signed-in user
 * stopped, and saves where she is on a pause, a move, every 10 seconds of listening and when it
 * leaves the page. The recording loads only when played. `actions` are the file's own buttons.
 */
export function DictationPlayer({
  file,
  facts,
  save,
  actions,
}: {
  file: DictationFile;
  /** Undefined while asked for. */
  facts: DictationFacts | undefined;
  save: (fileId: string, seconds: number) => Promise<unknown>;
  actions: ReactNode;
}) {
  const styles = useStyles();
  const announce = useAnnounce();
  const speedId = useId();
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [speed, setSpeed] = useState(1);
  const [mediaDuration, setMediaDuration] = useState<number | null>(null);
  /** Once the user acted on it, the saved position no longer moves it. */
  const used = useRef(false);
  /** Where the recording starts when it loads (a move made before it was loaded). */
  const pending = useRef<number | null>(null);
  const saver = useRef<PositionSaver | null>(null);
  const duration = knownDuration(mediaDuration, facts?.duration);

  // The saved position, shown before playing and where the first play starts.
  const saved = facts?.listenedUntil;
  useEffect(() => {
    saver.current = positionSaver((seconds) => save(file.id, seconds), { saved: saved ?? null });
    if (used.current || saved === undefined) return;
    const start = startPosition(saved, duration);
    pending.current = start;
    setTime(start);
    // Only when the facts arrive: a later length does not move the start again.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the start is read once, from the facts as they come
  }, [saved, file.id, save]);

  // Pitch kept and speed applied to the element itself: loading the recording resets its rate to the default one.
  useEffect(() => {
    const element = audio.current;
    if (!element) return;
    element.preservesPitch = true;
    element.defaultPlaybackRate = speed;
    element.playbackRate = speed;
  }, [speed]);

  // Leaving the page (or the constat's row): where she is, said once more.
  useEffect(() => {
    const element = audio.current;
    return () => {
      if (used.current && element) saver.current?.note(element.currentTime, true);
    };
  }, []);

  /** Moves the player (loaded or not) and saves the place; a drag's many moves make one request at a time (positionSaver). */
  const seek = (seconds: number) => {
    const element = audio.current;
    const target = clampTime(seconds, duration);
    used.current = true;
    setTime(target);
    if (element && element.readyState > HTMLMediaElement.HAVE_NOTHING) element.currentTime = target;
    else pending.current = target;
    saver.current?.note(target, true);
    return target;
  };

  const togglePlay = () => {
    const element = audio.current;
    if (!element) return;
    used.current = true;
    if (!element.paused) {
      element.pause();
      return;
    }
    if (element.readyState === HTMLMediaElement.HAVE_NOTHING && pending.current !== null) element.currentTime = pending.current;
    element.preservesPitch = true;
    element.playbackRate = speed;
    // A refusal (no sound device, autoplay rules) leaves it paused, as its button says.
    element.play().catch(() => setPlaying(false));
  };

  const changeSpeed = (next: number) => {
    used.current = true;
    setSpeed(next);
    return next;
  };

  const markUsed = useDictationShortcuts((action: PlayerAction) => {
    const element = audio.current;
    const current = element && element.readyState > HTMLMediaElement.HAVE_NOTHING ? element.currentTime : time;
    switch (action) {
      case 'togglePlay':
        announce(element?.paused ? d.announced.playing(file.name) : d.announced.paused(formatClock(current)));
        togglePlay();
        return;
      case 'back':
      case 'forward':
        announce(d.announced.moved(formatClock(seek(current + (action === 'back' ? -JUMP_SECONDS : JUMP_SECONDS)))));
        return;
      case 'slower':
      case 'faster':
        announce(d.announced.speed(formatSpeed(changeSpeed(stepSpeed(speed, action === 'slower' ? -1 : 1)))));
        return;
    }
  });

  const onLoadedMetadata = () => {
    const element = audio.current!;
    setMediaDuration(Number.isFinite(element.duration) ? element.duration : null);
    if (pending.current !== null && Math.abs(element.currentTime - pending.current) > 0.25) element.currentTime = pending.current;
    pending.current = null;
    element.preservesPitch = true;
    element.playbackRate = speed;
  };

  const total = duration === null ? null : formatClock(duration);
  const elapsed = formatClock(time);
  const label = truncate(file.name, 80);
  return (
    // Any use of a player makes it the one the shortcuts act on.
    <li className={styles.root} onFocus={markUsed} onPointerDown={markUsed}>
      <div className={styles.heading}>
        <MicRegular aria-hidden />
        <span className={styles.name}>
          <Text title={file.name}>{label}</Text>
          <Text size={200} className={styles.muted} block>
            {formatFileSize(file.size)}
            {' · '}
            {duration === null ? d.unknownLength : d.length(formatLength(duration))}
          </Text>
        </span>
        {actions}
      </div>
      <div className={styles.controls}>
        <Button
          className={styles.button}
          appearance="subtle"
          size="small"
          icon={<RewindRegular />}
          aria-label={d.back(file.name)}
          onClick={() => seek(time - JUMP_SECONDS)}
        />
        <Button
          className={styles.button}
          appearance="primary"
          size="small"
          icon={playing ? <PauseRegular /> : <PlayRegular />}
          aria-label={playing ? d.pause(file.name) : d.play(file.name)}
          onClick={togglePlay}
        />
        <Button
          className={styles.button}
          appearance="subtle"
          size="small"
          icon={<FastForwardRegular />}
          aria-label={d.forward(file.name)}
          onClick={() => seek(time + JUMP_SECONDS)}
        />
        <Slider
          className={styles.slider}
          size="small"
          min={0}
          max={duration ?? 0}
          // No `step`: Fluent then draws a mark per step, which hides the rail of a long recording.
          value={duration === null ? 0 : Math.min(time, duration)}
          disabled={duration === null}
          aria-label={d.position(file.name)}
          aria-valuetext={d.positionValue(elapsed, total)}
          onChange={(_event, data) => seek(data.value)}
        />
        <Text className={styles.clock} aria-hidden>
          {d.clock(elapsed, total)}
        </Text>
        <span className={styles.speed}>
          <Label htmlFor={speedId} size="small">
            {d.speed}
          </Label>
          <Select
            id={speedId}
            size="small"
            aria-label={d.speedOf(file.name)}
            value={String(speed)}
            onChange={(_event, data) => changeSpeed(Number(data.value))}
          >
            {SPEEDS.map((value) => (
              <option key={value} value={String(value)}>
                {formatSpeed(value)}
              </option>
            ))}
          </Select>
        </span>
      </div>
      {/* eslint-disable-next-line jsx-a11y/media-has-caption -- a dictation is what the secretary types: no captions exist for it. */}
      <audio
        ref={audio}
        preload="none"
        src={file.url}
        onPlay={() => setPlaying(true)}
        onPause={() => {
          setPlaying(false);
          saver.current?.note(audio.current!.currentTime, true);
        }}
        onEnded={() => setPlaying(false)}
        onTimeUpdate={() => {
          const element = audio.current!;
          setTime(element.currentTime);
          if (!element.paused) saver.current?.note(element.currentTime);
        }}
        onLoadedMetadata={onLoadedMetadata}
      />
    </li>
  );
}
