import { Link } from '../../router';

/** What a case's subject links to in the console: a user's page; a treasury or client is named. */
export function SubjectCell({ subject }: { subject: string }) {
  const user = /^user:(\d+)$/.exec(subject);
  return user ? <Link to={`/users/${user[1]}`}>{subject}</Link> : <code>{subject}</code>;
}
