import { Component, type ReactNode } from 'react';

interface Props {
  message: string;
  children: ReactNode;
}

/** A render error shows a plain message instead of a blank page; details stay out of the UI. */
export class ErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <p role="alert">{this.props.message}</p> : this.props.children;
  }
}
