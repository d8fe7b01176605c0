// A 2-D tile of structs (struct Particle { float x, y, z, m; }), 8 rows of
// 32; each thread reads the particle of another row by a column from its
// lane and sums a field of its row neighbours.
// launch: rt4_35_particles 2 32x8
struct Particle {
    float x, y, z, m;
};
__global__ void rt4_35_particles(const int *in, int *out, int p) {
    __shared__ Particle ps[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int v = in[(blockIdx.x * 256 + ty * 32 + tx) & 4095];
    ps[ty][tx].x = (float)(v & 15);
    ps[ty][tx].y = (float)((v >> 4) & 15);
    ps[ty][tx].z = (float)((v >> 8) & 15);
    ps[ty][tx].m = 1.0f + (float)((v >> 12) & 3);
    __syncthreads();
    const Particle o = ps[tx & 7][(ty * 4 + (tx >> 3)) & 31];
    float e = o.m * (o.x + o.y + o.z);
    for (int k = 1; k < 4; ++k) e += ps[ty][(tx + k) & 31].m;
    out[blockIdx.x * 256 + ty * 32 + tx] = __float_as_int(e);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt4_35_particles<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
