// /review-policy (product rules 7 and 26): how reviews work on ITConnect, in plain words, as UK
// consumer law expects of a review platform: who may review, what is published (at once, negative
// reviews too), what 'Verified' means, how the rating is worked out, replies, what is not allowed,
// and how reports are handled. The numbers come from core/reviews, so the page and the forms agree.
import { Link } from 'react-router-dom';
import { REVIEW_LIMITS } from '../../../../core/reviews';
import { StaticPage } from '../../components/static-page';
import { formatCount } from '../../../../core/counts';

export function ReviewPolicyPage() {
  return (
    <StaticPage
      title="Review Policy"
      heading="Review Policy"
      lead={
        <p>
          Reviews on ITConnect help people choose an IT professional. They are only useful if they are honest, so we publish them as
          customers write them, good or bad, and we take action against fake or abusive reviews. This page explains how.
        </p>
      }
    >
      <h2>1. Who can write a review</h2>
      <ul>
        <li>Anyone with a free ITConnect account can review a professional listed in the directory.</li>
        <li>You can write one review of each professional. You can edit or delete it at any time.</li>
        <li>Professionals cannot review their own business.</li>
        <li>Write only about your own, genuine experience of the professional’s services.</li>
      </ul>

      <h2>2. What a review contains</h2>
      <ul>
        <li>A rating of 1 to 5 whole stars.</li>
        <li>
          A title ({REVIEW_LIMITS.titleMin} to {REVIEW_LIMITS.titleMax} characters) and your review ({REVIEW_LIMITS.commentMin} to{' '}
          {formatCount(REVIEW_LIMITS.commentMax)} characters).
        </li>
        <li>Optionally, the type of project, and whether you would recommend the professional.</li>
        <li>Your review is shown with your first name and the first letter of your last name, and the date you posted it.</li>
      </ul>

      <h2>3. Reviews are published at once, negative ones too</h2>
      <p>
        We do not check reviews before they appear, and we never hide or remove a review because it is negative, because the professional
        does not like it, or in return for payment. Professionals cannot pay to remove reviews or to have their reviews ranked higher. If you
        edit your review, it is marked “Edited” with the date.
      </p>

      <h2>4. Verified reviews</h2>
      <p>
        A review is labelled <strong>Verified</strong> when its author had contacted the professional through ITConnect’s message form
        before writing it. It shows that the reviewer was in touch with the professional through our site; it does not mean we have checked
        the work that was done.
      </p>

      <h2>5. How the rating is worked out</h2>
      <p>
        A professional’s rating is the average of the stars of all their published reviews, to one decimal place, and the review count is
        the number of those reviews. Both are updated within seconds of any change. Hidden reviews (see section 8) are not counted. The
        profile also shows how many reviews gave each number of stars.
      </p>

      <h2>6. Replies from professionals</h2>
      <p>
        The professional can post one public reply to each review, and edit or delete it. Replies must follow the same rules as reviews.
      </p>

      <h2>7. What is not allowed</h2>
      <ul>
        <li>Fake reviews, including reviews of your own business, of a competitor, or written for someone else.</li>
        <li>
          Reviews written in return for payment, a discount or any other reward, unless that is clearly stated in the review. UK consumer law
          (the Digital Markets, Competition and Consumers Act 2024) bans fake reviews and hidden incentives.
        </li>
        <li>Abusive, threatening, discriminatory or obscene content, or harassment of a person.</li>
        <li>Personal information such as someone’s phone number, home address or e-mail address.</li>
        <li>Content that is unlawful, defamatory, advertising or spam, or that has nothing to do with the professional’s services.</li>
      </ul>

      <h2>8. Reporting a review, and how we moderate</h2>
      <p>
        If you are signed in, you can report any review with “Report review” and tell us what is wrong. Our team checks each report against
        this policy. When a review breaks it, we hide the review and record why; the author can still see their review, with the reason, and
        can edit it to follow the policy. A hidden review is not shown on the profile and does not count towards the rating. When a review
        follows the policy, it stays up, even if it is critical. Reporting a review never hides it on its own.
      </p>

      <h2>9. Questions and complaints</h2>
      <p>
        If you think we got a decision wrong, or you have any question about reviews, please <Link to="/contact">contact us</Link>. How we
        handle the personal data in reviews is explained in our <Link to="/privacy-policy">Privacy Policy</Link>.
      </p>
    </StaticPage>
  );
}
