// An array of structs in shared memory, [32][32] of {float x, y}, read
// transposed by field: legal if the struct element is kept whole.
// launch: rt41_aos 2 32x8
// expect: rewritten
struct Particle { float x, y; };
__global__ void rt41_aos(const int *in, int *out, int p) {
    __shared__ Particle ps[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8) {
        ps[j][tx].x = (float)(in[blockIdx.x * 1024 + j * 32 + tx] & 255);
        ps[j][tx].y = (float)(in[blockIdx.x * 1024 + j * 32 + tx] >> 24);
    }
    __syncthreads();
    float acc = 0.f;
    for (int j = ty; j < 32; j += 8) acc += ps[tx][j].x - ps[tx][j].y;
    out[blockIdx.x * 256 + tid] = __float_as_int(acc);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt41_aos<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
