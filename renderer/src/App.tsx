/** Placeholder page until the UI issue: says what the app is and where the gateway listens. */
export function App() {
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', padding: 32 }}>
      <h1>Model Gateway</h1>
      <p>
        The local gateway serves chat-completions, responses and native generateContent clients.
      </p>
    </main>
  );
}
