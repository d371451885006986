import { createHash } from 'node:crypto';
import {
  GraphQLEnumType,
  GraphQLNonNull,
  Kind,
  TypeInfo,
  isScalarType,
  isSpecifiedScalarType,
  parseType,
  visit,
  visitWithTypeInfo,
  type ASTNode,
  type DefinitionNode,
  type DocumentNode,
  type GraphQLInputType,
  type OperationDefinitionNode,
  type GraphQLSchema,
  type ValueNode,
  type VariableDefinitionNode,
} from 'graphql';

/** The variables literals are read from in a compiled shape; an operation declaring one of these names is left alone. */
const LIFTED = '__literal';

/**
 * One operation with its field arguments' scalar and enum literals lifted into variables, so that documents that
 * differ only in those literals (README query 1 with another tracking number written in) share one compiled query.
 */
export interface LiteralShape {
  /**
   * The sha256 of the operation's index and the document's text with each lifted literal blanked, character for
   * character: two documents with one key have the same text, hence the same AST and the same locations, everywhere but
   * in the values of the lifted literals, which sit at the same places and feed the same arguments. A digest, so that
   * the runs counted for thousands of shapes hold 44 characters each, not each text.
   */
  key: string;
  /** The document to compile: each lifted literal replaced by a variable the operation declares with its argument's type. */
  document: DocumentNode;
  /** Each lifted literal as a variable gives it (coercing it again yields the value the literal coerces to); null: none. */
  values: Record<string, unknown> | null;
}

/**
 * The shape of `operation` in `document`, or null when its text is unknown (a document without locations) or it
 * declares a variable named like a lifted one. Lifted: a field argument (never a directive's, so `@skip(if: true)`
 * keeps deciding at compile time) whose type is a built-in scalar or an enum, possibly non-null, written as a literal
 * of that scalar or enum; lists, input objects, nulls and custom scalars stay literals.
 */
export function literalShape(schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode): LiteralShape | null {
  const source = document.loc?.source.body;
  const index = document.definitions.indexOf(operation);
  if (source === undefined || index < 0) return null;
  if (operation.variableDefinitions?.some((definition) => definition.variable.name.value.startsWith(LIFTED))) return null;
  const spans: Array<{ start: number; end: number }> = [];
  const declared: VariableDefinitionNode[] = [];
  const values: Record<string, unknown> = {};
  const typeInfo = new TypeInfo(schema);
  const lifted = visit(document, visitWithTypeInfo(typeInfo, {
    OperationDefinition(node) {
      if (node === operation) return undefined;
      // Another operation is not run: its literals are blanked too, so texts differing there share the shape.
      visit(node, { enter: (value) => void (isLiteral(value) && value.loc && spans.push({ start: value.loc.start, end: value.loc.end })) });
      return false;
    },
    Directive: () => false,
    Argument(node) {
      const argument = typeInfo.getArgument();
      const loc = node.value.loc;
      if (!argument || !loc) return undefined;
      const value = liftedValue(node.value, argument.type);
      if (value === undefined) return undefined;
      const name = `${LIFTED}${declared.length}`;
      const variable = { kind: Kind.VARIABLE, name: { kind: Kind.NAME, value: name } } as const;
      spans.push({ start: loc.start, end: loc.end });
      declared.push({ kind: Kind.VARIABLE_DEFINITION, variable, type: parseType(String(argument.type)), directives: [] });
      values[name] = value;
      return { ...node, value: { ...variable, loc } };
    },
  }));
  let key = `${index}:`;
  let at = 0;
  for (const span of spans.sort((a, b) => a.start - b.start)) {
    key += source.slice(at, span.start) + '\0'.repeat(span.end - span.start);
    at = span.end;
  }
  key = createHash('sha256').update(key + source.slice(at)).digest('base64');
  if (declared.length === 0) return { key, document, values: null };
  const definitions = lifted.definitions.map((definition: DefinitionNode, i: number) =>
    i === index && definition.kind === Kind.OPERATION_DEFINITION
      ? { ...definition, variableDefinitions: [...(definition.variableDefinitions ?? []), ...declared] }
      : definition,
  );
  return { key, document: { ...lifted, definitions }, values };
}

function isLiteral(node: ASTNode): boolean {
  return node.kind === Kind.STRING || node.kind === Kind.INT || node.kind === Kind.FLOAT || node.kind === Kind.BOOLEAN || node.kind === Kind.ENUM;
}

/** The literal's value as a variable would carry it, or undefined when it is not lifted. */
function liftedValue(node: ValueNode, type: GraphQLInputType): unknown {
  const named = type instanceof GraphQLNonNull ? type.ofType : type;
  if (named instanceof GraphQLEnumType) return node.kind === Kind.ENUM && named.getValue(node.value) ? node.value : undefined;
  if (!isScalarType(named) || !isSpecifiedScalarType(named)) return undefined;
  if (node.kind !== Kind.STRING && node.kind !== Kind.INT && node.kind !== Kind.FLOAT && node.kind !== Kind.BOOLEAN) return undefined;
  try {
    // Int, Float, String, Boolean and ID read back what they parse (ID's integer literal is its string).
    return named.parseLiteral(node, undefined);
  } catch {
    return undefined;
  }
}
