import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const forbiddenInMachines = [
  'react', 'react-dom', '@xstate/react', 'viem', 'viem/*', '@wagmi/*', 'socket.io-client', 'urql', '@urql/*',
  'tus-js-client', 'idb-keyval', 'workbox-*', '@tanstack/*', 'hono', 'hono/*', 'pg', '@electric-sql/*',
];

const noEffectGlobals = (folder, fetchHint = '') => [
  { name: 'window', message: `No DOM in ${folder}.` },
  { name: 'document', message: `No DOM in ${folder}.` },
  { name: 'localStorage', message: `No storage in ${folder}.` },
  { name: 'fetch', message: `No network in ${folder}${fetchHint}.` },
  { name: 'WebSocket', message: `No network in ${folder}.` },
  { name: 'XMLHttpRequest', message: `No network in ${folder}.` },
];

// A ref written in the body of a component or hook (not in an effect or handler) is state hidden from React.
const componentBody = (fn) => [
  `FunctionDeclaration[id.name=/^([A-Z]|use[A-Z])/] > BlockStatement > ${fn}`,
  `VariableDeclarator[id.name=/^([A-Z]|use[A-Z])/] > ArrowFunctionExpression > BlockStatement > ${fn}`,
  `VariableDeclarator[id.name=/^([A-Z]|use[A-Z])/] > CallExpression > ArrowFunctionExpression > BlockStatement > ${fn}`,
];
// preact/compat (the build's runtime) only sets the autofocus attribute, which browsers honour on page load.
const noAutoFocus = {
  selector: "JSXAttribute[name.name='autoFocus']",
  message: 'autoFocus does not focus a control inserted after load under preact/compat: use ref={focusOnMount} (src/components/data/focusOnMount.ts).',
};

const viewRestrictions = [
  { selector: "CallExpression[callee.name='createActor']", message: 'Views do not create actors: start a flow with useFlow (src/app/flows.tsx).' },
  { selector: "CallExpression[callee.property.name='provide']", message: 'Views do not provide machines: implementations are provided once in src/services/flows/.' },
  ...componentBody("ExpressionStatement > AssignmentExpression[left.type='MemberExpression'][left.property.name='current']").map((selector) => ({
    selector,
    message: 'No ref is assigned during render: keep the value in a machine, or assign it in an effect or handler.',
  })),
];

// Views select state and send events from handlers: a flow starts with useFlow (which joins the app's actor system),
// and what a machine must hear (its input, the URL, another actor) reaches it through the machine itself (its input,
// an invoked actor such as routeSearch in src/services/flows/navigation.ts), never an effect forwarding it.
const actorWiringRestrictions = [
  { selector: "ImportSpecifier[imported.name='useActorRef']", message: 'Views do not start actors with useActorRef: start the flow with useFlow (src/app/flows.tsx).' },
  { selector: "CallExpression[callee.name='useActorRef']", message: 'Views do not start actors with useActorRef: start the flow with useFlow (src/app/flows.tsx).' },
  {
    // In the effect's body or its cleanup; a handler the effect registers (a DOM listener, a widget's callback) is
    // a handler like onClick and may send.
    selector: [
      "CallExpression[callee.name=/^use(Layout)?Effect$/] > :function CallExpression[callee.property.name='send']",
      ":not(CallExpression[callee.name=/^use(Layout)?Effect$/] > :function :function:not(ReturnStatement > :function) CallExpression)",
    ].join(''),
    message: 'No effect sends to an actor: give the machine the value as input, or let it hear it through an invoked actor (src/services/flows/).',
  },
  {
    // Storing a flow's snapshots (drafts) is the flow's: it invokes a provided actor that hears it.
    selector: "CallExpression[callee.property.name='subscribe']",
    message: "Views do not subscribe to an actor's snapshots (to store them, say): the flow invokes a provided actor that does (src/services/flows/); a view reads with useSelector.",
  },
];

// Views do not navigate: a page a flow's outcome leads to (signed in, a row's Edit, a card's offers) is the machine's
// decision, carried out by its provided action through src/services/flows/navigation.ts; a plain link is a <Link>.
// (A rendered <Navigate> is declarative, like a Link: not refused here.)
const navigationRestrictions = [
  ...['useNavigate', 'useRouter', 'Navigate'].map((name) => ({
    selector: `ImportDeclaration[source.value='@tanstack/react-router'] ImportSpecifier[imported.name='${name}']`,
    message: `Views do not navigate (${name}): a flow's outcome navigates through its machine (src/services/flows/navigation.ts); a plain link is a <Link>.`,
  })),
  {
    selector: "ImportDeclaration[source.value=/services\\/flows\\/navigation$/] ImportSpecifier[imported.name=/^(navigateTo|navigateBack|setFlowNavigator)$/]",
    message: 'Views do not navigate: the machine decides, and its provided action calls navigateTo (src/services/flows/).',
  },
  {
    selector: "CallExpression[callee.type='MemberExpression'][callee.property.name=/^(navigate|push|replace|back|forward|go)$/][callee.object.name=/^(router|navigate|history|location)$/]",
    message: "Views do not navigate: a flow's outcome navigates through its machine (src/services/flows/navigation.ts); a plain link is a <Link>.",
  },
  {
    selector: "CallExpression[callee.type='MemberExpression'][callee.property.name=/^(push|replace|back|forward|go|assign|reload)$/][callee.object.property.name=/^(history|location)$/]",
    message: "Views do not navigate: a flow's outcome navigates through its machine (src/services/flows/navigation.ts); a plain link is a <Link>.",
  },
  {
    selector: "AssignmentExpression[left.property.name='href'][left.object.name='location'], AssignmentExpression[left.property.name='href'][left.object.property.name='location']",
    message: "Views do not navigate: a flow's outcome navigates through its machine (src/services/flows/navigation.ts); a plain link is a <Link>.",
  },
];

// REST answers are parsed with their contracts (domain/contracts), not cast: apiRequest and signedJson take the
// contract's name and infer the answer's type from it, so a type argument there could only be a cast.
const noAnswerCasts = ['apiRequest', 'signedJson'].map((name) => ({
  selector: `CallExpression[callee.name='${name}'][typeArguments]`,
  message: `${name} parses its answer with the contract it is named (domain/contracts/answers.ts): no type argument, which would be a cast.`,
}));

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'contracts/generated/**', 'src/routeTree.gen.ts', '.data*/**', 'dist-*/**', 'test-results*/**', 'test-reports*/**', '.perf*/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // React code: the rules of hooks, and effects that list what they use.
    files: ['src/**/*.{ts,tsx}', 'tests/app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // The build runs on preact/compat (vite.config.ts), which has none of React 19's newest APIs.
      'no-restricted-imports': ['error', {
        paths: [{
          name: 'react',
          importNames: ['use', 'useEffectEvent', 'useActionState', 'useOptimistic', 'Activity', 'cache', 'experimental_useEffectEvent'],
          message: 'Not in preact/compat, which the build runs on: use a ref kept current in an effect, a machine, or plain state.',
        }, {
          name: 'react-dom',
          importNames: ['useFormStatus', 'preload', 'preinit', 'preconnect', 'prefetchDNS', 'requestFormReset'],
          message: 'Not in preact/compat, which the build runs on.',
        }],
      }],
      'no-restricted-syntax': ['error', noAutoFocus, ...noAnswerCasts],
    },
  },
  {
    // Only the root route has a not-found page: a route's own notFoundComponent wraps it in TanStack's CatchNotFound,
    // whose error component throws other errors again, and under preact/compat a failed loader read then re-renders
    // without end (a frozen tab: tests/e2e/routeReadFailure.spec.ts).
    files: ['src/routes/**/*.{ts,tsx}'],
    ignores: ['src/routes/__root.tsx'],
    rules: {
      'no-restricted-syntax': ['error', noAutoFocus, ...noAnswerCasts, {
        selector: "Property[key.name='notFoundComponent']",
        message: "No route but the root sets notFoundComponent (a failed loader read freezes the tab under preact/compat): throw notFound() and the root's page shows.",
      }],
    },
  },
  {
    // Views and components render machine state and send events: flows are machines provided once in
    // src/services/flows/ and started with useFlow (src/app/flows.tsx), never assembled or wired in a component.
    // A DOM fact (a click, an element attaching, a visibility observer's report) is sent by its handler.
    files: ['src/views/**/*.{ts,tsx}', 'src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': ['error', noAutoFocus, ...noAnswerCasts, ...viewRestrictions, ...navigationRestrictions, ...actorWiringRestrictions],
    },
  },
  {
    // machines/ is the statechart core: TypeScript and xstate only.
    files: ['machines/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ group: forbiddenInMachines, message: 'machines/ holds only TypeScript and xstate: effects are provided from src/services.' }],
      }],
      'no-restricted-globals': ['error', ...noEffectGlobals('machines/', ': invoke an actor provided from src/services')],
    },
  },
  {
    // domain/ holds the rules client and server share: TypeScript and zod/mini only (mini keeps the app's bundle
    // small; the server composes the same schemas), and nothing else of ours: every layer imports it, it imports none.
    files: ['domain/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{
          regex: '^(?!zod/mini$|\\./[\\w.-]+$)',
          message: 'domain/ imports only zod/mini and its own files (./x): no React, DOM, network, server or machines code.',
        }],
      }],
      'no-restricted-globals': ['error', ...noEffectGlobals('domain/')],
    },
  },
  {
    // The wire contracts (domain/contracts/) compose the shared rules beside them: ../x is domain/ too.
    files: ['domain/contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{
          regex: '^(?!zod/mini$|\\.\\.?/[\\w.-]+$)',
          message: 'domain/contracts/ imports only zod/mini, its own files (./x) and domain/\'s (../x).',
        }],
      }],
    },
  },
  {
    // The plain rules pages read on their first load (the 120 KB first-load budget of scripts/bundle-size.ts): no zod, and no sibling that imports it.
    // The zod schemas beside them re-export them and are tested to answer alike.
    files: ['domain/priceRule.ts', 'domain/commentRules.ts', 'domain/studioRules.ts', 'domain/mediaTypes.ts', 'domain/textRules.ts', 'domain/artistName.ts', 'domain/messages.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{
          regex: '^(?!\\./(priceRule|commentRules|studioRules|mediaTypes|textRules|artistName|messages)$)',
          message: 'A plain rules module imports only the other plain rules modules: no zod, so the pages that read it load without it.',
        }],
      }],
    },
  },
  {
    // The server takes shared rules from domain/, never from a machine.
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ regex: '^(\\.\\./)+(machines|src)/', message: 'The server imports shared rules from domain/, not from machines/ or src/.' }],
      }],
    },
  },
);
