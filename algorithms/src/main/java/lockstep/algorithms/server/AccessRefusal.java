package lockstep.algorithms.server;

import java.util.List;

import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.data.ACL;

import lockstep.algorithms.session.Credentials;

/**
 * Says in one line why an external ZooKeeper refused to create a node ({@code NoAuth}). ZooKeeper's digest scheme
 * accepts any {@code user:password} when a session presents it and refuses only at the first ACL check, so a wrong
 * password shows as a refused create: this names that cause when the parent's ACL can be read (a digest entry of the
 * same user with another password), and says it may be the cause when it cannot. No part of the secret, nor any
 * digest, is ever put in the line.
 */
final class AccessRefusal {

    private AccessRefusal() {
    }

    static String explain(ZooKeeper session, String path, Credentials credentials) throws InterruptedException {
        String parent = path.lastIndexOf('/') == 0 ? "/" : path.substring(0, path.lastIndexOf('/'));
        if (!credentials.isPresent()) {
            return "not allowed to create nodes under " + parent + ": its ACL admits only some users (expected "
                    + "--auth-env naming a variable that holds a user:password its ACL admits)";
        }
        String user = credentials.user();
        List<ACL> acl;
        try {
            acl = session.getACL(parent, null);
        } catch (KeeperException unreadable) {
            return "user '" + user + "' may not create nodes under " + parent + ": a wrong password, or a user its "
                    + "ACL does not admit (ZooKeeper takes any password at connect and refuses at the first ACL check)";
        }
        boolean userNamed = false;
        for (ACL entry : acl) {
            if (!entry.getId().getScheme().equals("digest") || !entry.getId().getId().startsWith(user + ":")) {
                continue;
            }
            if (credentials.isTheIdentity(entry.getId())) {
                return "user '" + user + "' may not create nodes under " + parent + ": its ACL does not give "
                        + user + " the create right";
            }
            userNamed = true;
        }
        if (userNamed) {
            return "the password of user '" + user + "' is wrong: the ACL of " + parent + " names " + user
                    + " with another password (expected the variable of --auth-env to hold " + user + "'s password)";
        }
        return "user '" + user + "' may not create nodes under " + parent + ": its ACL admits other users only "
                + "(expected --auth-env naming a variable that holds a user:password its ACL admits)";
    }
}
