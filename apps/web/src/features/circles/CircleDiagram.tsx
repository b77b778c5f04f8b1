import { useLingui } from '@lingui/react/macro';

/** One member on the diagram: its name, and whether it is the viewer. */
export interface DiagramNode {
  id: string;
  label: string;
  isYou: boolean;
}

/**
 * The circle's three members as a triangle, each arrow pointing to whom a member gives (members[i] gives to
 * members[i + 1]). Pure SVG, scales to the width it is given (360 px phones first); the viewer's node is filled.
 */
export function CircleDiagram({ nodes }: { nodes: DiagramNode[] }) {
  const { t } = useLingui();
  const you = t`You`;
  const points = [
    { x: 160, y: 40 },
    { x: 270, y: 200 },
    { x: 50, y: 200 },
  ];
  const r = 30;
  const arrows = points.map((from, i) => {
    const to = points[(i + 1) % 3]!;
    const dx = to.x - from.x;
    const dy = to.y - from.y;
    const len = Math.hypot(dx, dy);
    const ux = dx / len;
    const uy = dy / len;
    return {
      x1: from.x + ux * (r + 4),
      y1: from.y + uy * (r + 4),
      x2: to.x - ux * (r + 8),
      y2: to.y - uy * (r + 8),
    };
  });
  const described = nodes
    .map((n, i) => {
      const next = nodes[(i + 1) % 3];
      if (n.isYou) return t`You give to ${next?.label ?? ''}`;
      return next?.isYou ? t`${n.label} gives to you` : t`${n.label} gives to ${next?.label ?? ''}`;
    })
    .join('; ');
  return (
    <svg
      viewBox="0 0 320 250"
      width="100%"
      style={{ maxWidth: 360, display: 'block', margin: '0 auto' }}
      role="img"
      aria-label={t`Circle diagram: ${described}`}
    >
      <defs>
        <marker
          id="circle-arrow"
          viewBox="0 0 10 10"
          refX="8"
          refY="5"
          markerWidth="7"
          markerHeight="7"
          orient="auto"
        >
          <path d="M0,0 L10,5 L0,10 z" fill="var(--mantine-color-blue-6)" />
        </marker>
      </defs>
      {arrows.map((a, _i) => (
        <line
          key={`arrow-${a.x1}-${a.y1}`}
          x1={a.x1}
          y1={a.y1}
          x2={a.x2}
          y2={a.y2}
          stroke="var(--mantine-color-blue-6)"
          strokeWidth={2.5}
          markerEnd="url(#circle-arrow)"
        />
      ))}
      {nodes.map((n, i) => {
        const p = points[i]!;
        const label = n.isYou ? you : n.label.length > 16 ? `${n.label.slice(0, 15)}…` : n.label;
        return (
          <g key={n.id}>
            <circle
              cx={p.x}
              cy={p.y}
              r={r}
              fill={n.isYou ? 'var(--mantine-color-blue-6)' : 'var(--mantine-color-body)'}
              stroke="var(--mantine-color-blue-6)"
              strokeWidth={2}
            />
            <text
              x={p.x}
              y={p.y + 5}
              textAnchor="middle"
              fontSize={n.isYou ? 14 : 11}
              fontWeight={700}
              fill={n.isYou ? 'white' : 'var(--mantine-color-text)'}
            >
              {n.isYou ? you : label.slice(0, 1).toUpperCase()}
            </text>
            <text x={p.x} y={p.y + r + 16} textAnchor="middle" fontSize={12} fill="var(--mantine-color-text)">
              {label}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
