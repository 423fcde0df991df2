/** Builder-only icons (decorative: each sits beside a text label or inside a control with an accessible name). */
import type { ReactNode } from 'react';
import { ICON_SIZE, Icon, type IconProps as BaseIconProps } from '../../components/icons';
import type { PaletteKind } from './palette-kinds';

type IconProps = Pick<BaseIconProps, 'size' | 'className'>;

/** The shared icon base, at the builder's default size (spec §9: 16 for action buttons). */
function Svg({ size = ICON_SIZE.action, className, children }: IconProps & { children: ReactNode }) {
  return (
    <Icon size={size} className={className}>
      {children}
    </Icon>
  );
}

export const ArrowUpIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M12 19V5M5 12l7-7 7 7" />
  </Svg>
);

export const ArrowDownIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M12 5v14M19 12l-7 7-7-7" />
  </Svg>
);

export const CloneIcon = (props: IconProps) => (
  <Svg {...props}>
    <rect x="9" y="9" width="13" height="13" rx="2" />
    <path d="M5 15H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v1" />
  </Svg>
);

export const TrashIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M3 6h18M8 6V4a2 2 0 0 1 2-2h4a2 2 0 0 1 2 2v2M19 6l-1 14a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2L5 6" />
  </Svg>
);

export const PlusIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M12 5v14M5 12h14" />
  </Svg>
);

/** Conditional logic: a path that branches. */
export const LogicIcon = (props: IconProps) => (
  <Svg {...props}>
    <circle cx="6" cy="5" r="2" />
    <circle cx="6" cy="19" r="2" />
    <circle cx="18" cy="8" r="2" />
    <path d="M6 7v10M18 10c0 4-6 3-11.2 7.6" />
  </Svg>
);

export const UndoIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M9 14 4 9l5-5" />
    <path d="M4 9h10.5a5.5 5.5 0 0 1 0 11H11" />
  </Svg>
);

export const RedoIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="m15 14 5-5-5-5" />
    <path d="M20 9H9.5a5.5 5.5 0 0 0 0 11H13" />
  </Svg>
);

export const EyeIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M1 12s4-8 11-8 11 8 11 8-4 8-11 8-11-8-11-8z" />
    <circle cx="12" cy="12" r="3" />
  </Svg>
);

export const CodeIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="m16 18 6-6-6-6M8 6l-6 6 6 6" />
  </Svg>
);

const KIND_PATHS: Record<PaletteKind, ReactNode> = {
  page: (
    <>
      <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
      <path d="M14 3v5h5" />
    </>
  ),
  section: (
    <>
      <rect x="3" y="4" width="18" height="16" rx="2" />
      <path d="M3 9h18" />
    </>
  ),
  heading: <path d="M6 4v16M18 4v16M6 12h12" />,
  paragraph: <path d="M4 6h16M4 10h16M4 14h16M4 18h10" />,
  textInput: (
    <>
      <rect x="2" y="7" width="20" height="10" rx="2" />
      <path d="M6 12h6" />
    </>
  ),
  textarea: (
    <>
      <rect x="2" y="4" width="20" height="16" rx="2" />
      <path d="M6 9h12M6 13h8" />
    </>
  ),
  radio: (
    <>
      <circle cx="12" cy="12" r="9" />
      <circle cx="12" cy="12" r="3" />
    </>
  ),
  checkbox: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="2" />
      <path d="m8 12 3 3 5-6" />
    </>
  ),
  dropdown: (
    <>
      <rect x="2" y="6" width="20" height="12" rx="2" />
      <path d="m14 11 2 2 2-2" />
    </>
  ),
  integer: <path d="M4 9h16M4 15h16M10 3 8 21M16 3l-2 18" />,
  phoneNumber: (
    <path d="M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1.9.4 1.8.7 2.7a2 2 0 0 1-.5 2.1L8 9.8a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.7.7a2 2 0 0 1 1.7 2z" />
  ),
  email: (
    <>
      <rect x="2" y="4" width="20" height="16" rx="2" />
      <path d="m22 7-10 6L2 7" />
    </>
  ),
};

export function KindIcon({ kind, ...props }: IconProps & { kind: PaletteKind }) {
  return <Svg {...props}>{KIND_PATHS[kind]}</Svg>;
}
