import { auditActionTypes } from '@paraaf/contract';

type AuditColour = (typeof auditActionTypes)[keyof typeof auditActionTypes]['color'];

/** The seed's badge colours as Mantine colours; `primary` is the theme's primary colour. */
export function badgeColour(colour: AuditColour | undefined, primary: string): string {
  switch (colour) {
    case 'info':
      return 'blue';
    case 'primary':
      return primary;
    case 'success':
      return 'green';
    case 'warning':
      return 'orange';
    default:
      return 'gray';
  }
}

/** Label and badge colour of an audit action (seed 000 §4); unknown types keep the server's label. */
export function auditBadge(
  action: { type: number; label?: string | null },
  primary: string,
): { label: string; color: string } {
  const known = (auditActionTypes as Record<number, { label: string; color: AuditColour }>)[
    action.type
  ];
  return {
    label: known?.label ?? action.label ?? String(action.type),
    color: badgeColour(known?.color, primary),
  };
}
