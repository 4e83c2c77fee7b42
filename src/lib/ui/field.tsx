import { Children, cloneElement, isValidElement, type ReactNode } from 'react';

interface FieldProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  /** After the hint, outside what describes the control (a "More" button). */
  more?: ReactNode;
  error?: string | undefined;
  children: ReactNode;
}

/**
 * Label, hint and error around one control. The error is tied to the control with
 * aria-invalid and aria-describedby, so a screen reader reads it with the field.
 */
export function Field({ id, label, hint, more, error, children }: FieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {withDescription(children, id, describedBy, Boolean(error))}
      {/* A div: a hint may hold the server's description as paragraphs and lists. */}
      {hint && <div id={hintId} className="hint">{hint}</div>}
      {more}
      {error && <p id={errorId} className="error">{error}</p>}
    </div>
  );
}

interface ControlProps { id?: string; children?: ReactNode; 'aria-describedby'?: string; 'aria-invalid'?: boolean }

function withDescription(children: ReactNode, id: string, describedBy: string | undefined, invalid: boolean): ReactNode {
  return Children.map(children, (child) => {
    if (!isValidElement<ControlProps>(child)) return child;
    if (child.props.id === id) {
      return cloneElement(child, { 'aria-describedby': describedBy, 'aria-invalid': invalid || undefined });
    }
    return child.props.children ? cloneElement(child, {}, withDescription(child.props.children, id, describedBy, invalid)) : child;
  });
}
