function defOf(schema) {
    return schema._zod.def;
}
/**
 * A check built once from a zod schema that answers "would `schema.safeParse(value)` succeed, and give back the same
 * values?" by walking the value in place: no output objects, no issue lists. It is never more lenient than zod: for
 * objects, arrays, unions, optional and nullable members, plain strings and finite numbers, and `unknown`, it applies
 * zod's own rule; any other node (refinements, checks such as `.min()`, coercion, transforms, defaults, other types)
 * is handed to that node's own `safeParse`. A `false` means only "not shown to conform": the caller then parses with
 * zod, which decides and names the member that is wrong.
 *
 * Why: zod 4 builds a result object and a copy of every object it validates. On Carrier B's track answers (3,000
 * numbers in one request at the cap, 1-2 KB of JSON each) that copying was about a quarter of all the bytes the
 * subgraph allocated per request, and garbage collection was the largest single share of its CPU (issue 12 item 2).
 * A value that passes is used as it is: members the schema does not name stay on it, where zod's `z.object` would drop
 * them, so it suits readers that read only the members the schema names (assumption PC5).
 */
export function conformanceOf(schema) {
    const def = defOf(schema);
    const plain = !def.checks || def.checks.length === 0;
    switch (def.type) {
        case 'unknown':
        case 'any':
            return () => true;
        case 'string':
            if (plain && !def.coerce)
                return (value) => typeof value === 'string';
            break;
        case 'number':
            if (plain && !def.coerce)
                return (value) => typeof value === 'number' && Number.isFinite(value);
            break;
        case 'boolean':
            if (plain && !def.coerce)
                return (value) => typeof value === 'boolean';
            break;
        case 'optional': {
            const inner = conformanceOf(def.innerType);
            return (value) => value === undefined || inner(value);
        }
        case 'nullable': {
            const inner = conformanceOf(def.innerType);
            return (value) => value === null || inner(value);
        }
        case 'array': {
            if (!plain)
                break;
            const element = conformanceOf(def.element);
            return (value) => {
                if (!Array.isArray(value))
                    return false;
                for (let i = 0; i < value.length; i++)
                    if (!element(value[i]))
                        return false;
                return true;
            };
        }
        case 'union': {
            const options = def.options.map(conformanceOf);
            return (value) => {
                for (const option of options)
                    if (option(value))
                        return true;
                return false;
            };
        }
        case 'object': {
            // z.object (no catchall: extra members are dropped by zod, left in place here) and z.looseObject (catchall
            // unknown: extras kept by both). A strict object or a typed catchall checks its extras: zod decides.
            if (!plain || (def.catchall && defOf(def.catchall).type !== 'unknown'))
                break;
            const members = Object.entries(def.shape).map(([key, member]) => [key, conformanceOf(member)]);
            return (value) => {
                if (typeof value !== 'object' || value === null || Array.isArray(value))
                    return false;
                const record = value;
                for (const [key, member] of members)
                    if (!member(record[key]))
                        return false;
                return true;
            };
        }
    }
    return (value) => schema.safeParse(value).success;
}
