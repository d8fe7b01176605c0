// Matrix-vector product y = A x for a 32x64 block of A: x staged in shared
// memory (broadcast reads), A staged in a tile [32][64] and each of the 32
// lanes of warp 0..1 owning one row (As[row][k], rows 64 floats apart). A
// legal control.
// launch: rt4_23_matvec 2 64x1
// expect: rewritten
#define MR 32
#define MC 64
__global__ void rt4_23_matvec(const int *in, int *out, int p) {
    __shared__ float xs[MC];
    __shared__ float As[MR][MC];
    const int tid = threadIdx.x;
    xs[tid] = (float)(in[(3000 + tid) & 4095] & 63);
    for (int r = 0; r < MR; ++r) As[r][tid] = (float)(in[(blockIdx.x * 2048 + r * MC + tid) & 4095] & 63);
    __syncthreads();
    const int row = tid & (MR - 1), half = tid / MR;
    float acc = 0.0f;
    for (int k = half * (MC / 2); k < (half + 1) * (MC / 2); ++k) acc += As[row][k] * xs[k];
    out[blockIdx.x * MC + tid] = __float_as_int(acc);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt4_23_matvec<<<2, MC>>>(in, out, 0); }
#endif
