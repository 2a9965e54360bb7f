import { Link } from "@remix-run/react";
import { useLayoutT } from "~/components/layout/i18n";

export interface HomeTodo {
  key: string;
  count: number;
  path?: string | null;
}

/**
 * Home's "needs attention today": each to-do with something to do, its text a link to the list filtered to exactly
 * what it counts (the API gives the path: `/student/leaveNotes?status=waiting`). Keys with a namespace come from the
 * attention registry; the others are Home's own (`home.todos.*`).
 */
export function TodoList({ todos }: { todos: HomeTodo[] }) {
  const { t } = useLayoutT();
  return (
    <ul className="mt-4 divide-y divide-gray-100">
      {todos.map((todo) => {
        const label = todo.key.includes(":") ? t(todo.key) : t("home.todos." + todo.key, { defaultValue: todo.key });
        return (
          <li key={todo.key} className="flex items-center justify-between gap-3 py-2 text-sm" data-testid="home-todo" data-key={todo.key}>
            {todo.path ? (
              <Link to={todo.path} className="text-primary hover:underline" data-testid="home-todo-link">
                {label}
              </Link>
            ) : (
              <span className="text-gray-700">{label}</span>
            )}
            <span className="rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-700">{todo.count}</span>
          </li>
        );
      })}
    </ul>
  );
}
