import { GraphQLError } from 'graphql';
import { checkCost, checkStructure, isTokenCapError, limitError, tokenCapMessage } from './limits.js';
import { checkExecutedSelection } from './request-budget.js';
/** Apollo's parser options: graphql-js stops reading a document past MAX_QUERY_TOKENS, before any validation. */
export function apolloParseOptions(limits) {
    return { maxTokens: limits.maxTokens };
}
/**
 * The operation limits over HTTP (Apollo): the token cap while the document is read, then depth, aliases and cost
 * (graphql-armor), then page sizes and tracking numbers over the executed selection. Every refusal happens before any
 * resolver runs, so before any upstream call. graphql-ws runs the same checks (src/server/graphql-ws.ts).
 */
export function operationLimitsPlugin(limits) {
    const checks = new OperationChecks(limits);
    return {
        async requestDidStart() {
            return {
                // The token cap itself is graphql-js's (Apollo's `parseOptions`, see `apolloParseOptions`); Apollo reports it as
                // GRAPHQL_PARSE_FAILED, so the refusal is reworded here to name the limit like every other one.
                async didEncounterErrors({ errors }) {
                    for (const error of errors) {
                        if (!isTokenCapError(error))
                            continue;
                        const named = limitError('MAX_QUERY_TOKENS', tokenCapMessage(limits.maxTokens));
                        error.message = named.message;
                        Object.assign(error.extensions, named.extensions);
                    }
                },
                async didResolveOperation({ schema, document, operation, request }) {
                    if (!operation)
                        return;
                    const refusal = checks.check(schema, document, operation, request.variables ?? {});
                    if (refusal)
                        throw refusal;
                },
            };
        },
    };
}
/**
 * `checkOperation` with its verdicts remembered per parsed document. Apollo hands every request of the same query
 * string the same DocumentNode from its document cache, so a repeated operation is checked once, not on every request
 * (the checks were most of a small request's CPU, issue 12). What is remembered depends only on the document:
 * depth and aliases always; page sizes, tracking numbers and cost only for an operation without variables, since
 * with variables they depend on each request's values and are checked every time. Held weakly: a document Apollo
 * drops from its cache takes its verdicts with it. A remembered refusal is answered as a new error each time.
 */
export class OperationChecks {
    limits;
    structure = new WeakMap();
    whole = new WeakMap();
    constructor(limits) {
        this.limits = limits;
    }
    check(schema, document, operation, variables) {
        const cacheable = (operation.variableDefinitions?.length ?? 0) === 0;
        if (cacheable && this.whole.has(operation))
            return copyOf(this.whole.get(operation) ?? null);
        let structure = this.structure.get(document);
        if (structure === undefined) {
            structure = checkStructure(schema, document, this.limits);
            this.structure.set(document, structure);
        }
        const refusal = structure ??
            checkExecutedSelection(schema, document, operation, variables, this.limits) ??
            checkCost(schema, document, this.limits, operation.name?.value ?? null, variables);
        if (cacheable)
            this.whole.set(operation, refusal);
        return copyOf(refusal);
    }
}
/** Apollo and the plugins may add to an error they are given; a remembered one is never handed out itself. */
function copyOf(error) {
    return error && new GraphQLError(error.message, { extensions: structuredClone(error.extensions) });
}
/**
 * The checks after validation, the same on both transports, cheapest and most specific first: depth and aliases, then
 * page sizes and tracking numbers over the executed selection, then cost on the executed page sizes.
 */
export function checkOperation(schema, document, operation, variables, limits) {
    return (checkStructure(schema, document, limits) ??
        checkExecutedSelection(schema, document, operation, variables, limits) ??
        checkCost(schema, document, limits, operation.name?.value ?? null, variables));
}
/**
 * "Did you mean ...?" off over HTTP beyond validation (where graphql-js's `hideSuggestions` already applies): input
 * coercion at execution ("Value "X" does not exist in "Carrier" enum. Did you mean the enum value ...?") names schema
 * members too, and neither Apollo's nor graphql-armor's suggestion filter covers it. graphql-ws passes
 * `hideSuggestions` to graphql-js's execute instead.
 */
export function hideSuggestionsPlugin() {
    return {
        async requestDidStart() {
            return {
                async didEncounterErrors({ errors }) {
                    for (const error of errors)
                        error.message = error.message.replace(/ ?Did you mean .+\?$/s, '');
                },
            };
        },
    };
}
