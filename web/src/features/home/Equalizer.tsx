const BARS = 7;

/** A decorative, gently moving equalizer next to the home page heading. */
export function Equalizer() {
  return (
    <div className="equalizer" aria-hidden>
      {Array.from({ length: BARS }, (_, index) => (
        <span key={index} className="equalizer__bar" />
      ))}
    </div>
  );
}
