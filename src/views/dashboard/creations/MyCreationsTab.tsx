// Slot (owner: creations helper, issue 6): the "My creations" tab of the dashboard for the signed-in creator.
export interface MyCreationsTabProps {
  /** The signed-in creator's address. */
  creator: string;
}

export function MyCreationsTab(_props: MyCreationsTabProps) {
  return null;
}
