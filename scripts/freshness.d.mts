/** Why dist/ under root must be built again, or undefined when it is current. */
export function staleReason(root: string): string | undefined;
