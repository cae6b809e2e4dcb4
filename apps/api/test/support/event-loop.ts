/**
 * Counts the event loop's turns until stopped: work that notes the count at each of its pieces
 * shows whether it gave the loop back between them (the same count twice: it kept the loop).
 */
export function loopTurns(): { readonly turns: number; stop: () => void } {
  let turns = 0;
  let running = true;
  const tick = () => {
    if (!running) return;
    turns++;
    setImmediate(tick);
  };
  setImmediate(tick);
  return {
    get turns() {
      return turns;
    },
    stop: () => {
      running = false;
    },
  };
}
