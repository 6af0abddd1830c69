/** "1 gebruiker", "12 gebruikers": the count under a users list. */
export const usersCount = (total: number) => `${total} ${total === 1 ? 'gebruiker' : 'gebruikers'}`;
