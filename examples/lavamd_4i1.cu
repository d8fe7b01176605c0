// lavamd_4i1: lavaMD-style particle interactions (Rodinia lavaMD): each
// block owns a home box of 100 particles, stages them and each neighbour
// box's particles in shared memory as flat (v, x, y, z) float quadruples,
// and every thread accumulates the potential and force on one particle.
//
// Shared-memory pattern:
//   rA_shared[4 * wtx + c]: lanes 4 words apart: 4-way conflict (seed 004
//   section 7.2 hashes exactly this: hash(4*wtx+1))
//   rB_shared[4 * j + c], qB_shared[j]: the same word for the warp: broadcast
//   rA_shared[p], rB_shared[p], qB_shared[p] staging: linear: conflict-free
// What rapcc should find: a 4-way conflict on the rA_shared loads. They are
// loop-invariant in j (the compiler hoists them), so fixing them buys
// little: seed 004 saw a slow-down from its hash on lavaMD. 'auto' should
// prefer leaving 'rA_shared' alone or a fix with no index cost.

#define NUMBER_PAR_PER_BOX 100
#define NUMBER_THREADS 128

extern "C" __global__ void lavamd_4i1(float *d_fv, const float *d_rv, const float *d_qv,
                                      float a2, int number_boxes, int neighbors)
{
#pragma rapcc block_dim(128, 1, 1)
    __shared__ float rA_shared[4 * NUMBER_PAR_PER_BOX];
    __shared__ float rB_shared[4 * NUMBER_PAR_PER_BOX];
    __shared__ float qB_shared[NUMBER_PAR_PER_BOX];

    int bx = blockIdx.x;
    int tx = threadIdx.x;
    int wtx = tx;

    const float *rA = d_rv + (size_t)bx * 4 * NUMBER_PAR_PER_BOX;
    for (int p = tx; p < 4 * NUMBER_PAR_PER_BOX; p += NUMBER_THREADS)
        rA_shared[p] = rA[p];

    float fv = 0.0f;
    float fx = 0.0f;
    float fy = 0.0f;
    float fz = 0.0f;
    for (int k = 0; k < neighbors; k++) {
        int nb = (bx + k) % number_boxes;
        const float *rB = d_rv + (size_t)nb * 4 * NUMBER_PAR_PER_BOX;
        const float *qB = d_qv + (size_t)nb * NUMBER_PAR_PER_BOX;
        __syncthreads();
        for (int p = tx; p < 4 * NUMBER_PAR_PER_BOX; p += NUMBER_THREADS)
            rB_shared[p] = rB[p];
        for (int p = tx; p < NUMBER_PAR_PER_BOX; p += NUMBER_THREADS)
            qB_shared[p] = qB[p];
        __syncthreads();

        if (wtx < NUMBER_PAR_PER_BOX) {
            for (int j = 0; j < NUMBER_PAR_PER_BOX; j++) {
                float r2 = rA_shared[4 * wtx] + rB_shared[4 * j]
                         - (rA_shared[4 * wtx + 1] * rB_shared[4 * j + 1]
                            + rA_shared[4 * wtx + 2] * rB_shared[4 * j + 2]
                            + rA_shared[4 * wtx + 3] * rB_shared[4 * j + 3]);
                float u2 = a2 * r2;
                float vij = expf(-u2);
                float fs = 2.0f * vij;
                float dx = rA_shared[4 * wtx + 1] - rB_shared[4 * j + 1];
                float dy = rA_shared[4 * wtx + 2] - rB_shared[4 * j + 2];
                float dz = rA_shared[4 * wtx + 3] - rB_shared[4 * j + 3];
                float q = qB_shared[j];
                fv += q * vij;
                fx += q * (fs * dx);
                fy += q * (fs * dy);
                fz += q * (fs * dz);
            }
        }
    }

    if (wtx < NUMBER_PAR_PER_BOX) {
        float *fA = d_fv + ((size_t)bx * NUMBER_PAR_PER_BOX + wtx) * 4;
        fA[0] = fv;
        fA[1] = fx;
        fA[2] = fy;
        fA[3] = fz;
    }
}
