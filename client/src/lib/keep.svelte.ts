// "Keep it with an account", the answer a guest signing out may give, takes them to their
// page with the keep form's name field focused: the form is asked for, so typing starts
// there. The page is loaded (or already open) when the form reads this, hence a flag.
export const keepAsked = $state({ now: false });

/** The guest chose to keep their player: the keep form takes the focus once it shows. */
export function askToKeep(): void {
  keepAsked.now = true;
}
