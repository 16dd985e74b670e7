/**
 * The bug gallery: lock recipes that almost work, each with one bug taken from real code, registered with the flag
 * {@code bug} and the checker finding its built-in scenario shows. Each is a decision (where the bug is in the
 * decision) or the recipe's answer to one of the engine's questions (how the request node is made, how a node is
 * watched): the engine has no {@code if (bug)} of its own. See docs/bugs/.
 */
package lockstep.algorithms.gallery;
