import { coins } from '../../format';

/** One flow between two wallets over the case's window (null: outside the ledger, a mint or a burn). */
export interface Flow {
  from: string | null;
  to: string | null;
  amountMinor: number;
  count: number;
}

const outside = 'outside';
const size = 420;
const centre = size / 2;
const radius = 150;

/** Each wallet once, in the order the flows name them, on a circle (one alone sits in the middle). */
export function circularLayout(wallets: readonly string[]): Map<string, { x: number; y: number }> {
  const places = new Map<string, { x: number; y: number }>();
  wallets.forEach((wallet, index) => {
    if (wallets.length === 1) {
      places.set(wallet, { x: centre, y: centre });
      return;
    }
    const angle = (2 * Math.PI * index) / wallets.length - Math.PI / 2;
    places.set(wallet, { x: Math.round(centre + radius * Math.cos(angle)), y: Math.round(centre + radius * Math.sin(angle)) });
  });
  return places;
}

/**
 * The case's wallets and their recent flows as a graph: a node per wallet on a circle, an arrow per
 * flow labelled with its amount (coins) and count. The same flows are a table under it, for screen
 * readers and for reading exact figures.
 */
export function FlowGraph({ flows }: { flows: readonly Flow[] }) {
  if (flows.length === 0) return <p>No flow between these wallets.</p>;
  const name = (wallet: string | null) => wallet ?? outside;
  const wallets = [...new Set(flows.flatMap((f) => [name(f.from), name(f.to)]))];
  const places = circularLayout(wallets);
  const widest = Math.max(...flows.map((f) => f.amountMinor), 1);
  return (
    <svg
      className="flow-graph"
      role="img"
      aria-label={`Flows between ${wallets.length} wallets`}
      viewBox={`0 0 ${size} ${size}`}
      width={size}
      height={size}
    >
      <defs>
        <marker id="flow-arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse">
          <path d="M 0 0 L 10 5 L 0 10 z" />
        </marker>
      </defs>
      {flows.map((flow) => {
        const a = places.get(name(flow.from));
        const b = places.get(name(flow.to));
        if (!a || !b) return null;
        const key = `${name(flow.from)}→${name(flow.to)}`;
        // Stop short of the node's circle so the arrow head shows; a flow to itself is a loop.
        const dx = b.x - a.x;
        const dy = b.y - a.y;
        const length = Math.hypot(dx, dy) || 1;
        const end = { x: b.x - (dx / length) * 22, y: b.y - (dy / length) * 22 };
        const label = `${coins(flow.amountMinor / 100)} (${flow.count}×)`;
        return (
          <g key={key} data-flow={key}>
            {a === b ? (
              <circle cx={a.x} cy={a.y - 28} r={14} fill="none" stroke="currentColor" />
            ) : (
              <line
                x1={a.x}
                y1={a.y}
                x2={end.x}
                y2={end.y}
                stroke="currentColor"
                strokeWidth={1 + Math.round((4 * flow.amountMinor) / widest)}
                markerEnd="url(#flow-arrow)"
              />
            )}
            <text x={(a.x + b.x) / 2} y={(a.y + b.y) / 2 - (a === b ? 46 : 4)} textAnchor="middle" fontSize="11">
              {label}
            </text>
          </g>
        );
      })}
      {wallets.map((wallet) => {
        const place = places.get(wallet);
        if (!place) return null;
        return (
          <g key={wallet} data-wallet={wallet}>
            <circle cx={place.x} cy={place.y} r={20} fill="white" stroke="currentColor" />
            <text x={place.x} y={place.y + 34} textAnchor="middle" fontSize="12">
              {wallet}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
