import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { fr } from '../i18n/fr';
import { describeError } from '../relay/ApiError';

interface ErrorBoundaryProps {
  children: ReactNode;
}

interface ErrorBoundaryState {
  error: unknown;
}

/**
 * Keeps a screen's failure (a query refused, a chunk missing after a release) inside that
 * screen: the shell stays usable and the user can try again.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  state: ErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { error };
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  render() {
    if (this.state.error === null) return this.props.children;
    return (
      <MessageBar intent="error" layout="multiline">
        <MessageBarBody>
          <MessageBarTitle>{fr.errors.screen}</MessageBarTitle>
          {describeError(this.state.error)}
        </MessageBarBody>
        <MessageBarActions>
          <Button onClick={() => window.location.reload()}>{fr.errors.retry}</Button>
        </MessageBarActions>
      </MessageBar>
    );
  }
}
