/** Catches an exception thrown while rendering, so the runner can restore the terminal and exit 1. */
import { Component, type ReactNode } from 'react';

interface Props {
  onCrash: (error: unknown) => void;
  children: ReactNode;
}

export class CrashBoundary extends Component<Props, { crashed: boolean }> {
  override state = { crashed: false };

  static getDerivedStateFromError(): { crashed: boolean } {
    return { crashed: true };
  }

  override componentDidCatch(error: unknown): void {
    this.props.onCrash(error);
  }

  override render(): ReactNode {
    return this.state.crashed ? null : this.props.children;
  }
}
