// A dynamic tile whose pitch is a kernel argument (the host passes 33, a
// hand pad chosen at run time): smem[ty * pitch + tx] written by rows, read
// by columns, the pad column written too.
// launch: rt4_58_runtime_pitch 2 32x8 33 0 smem=4224
__global__ void rt4_58_runtime_pitch(const int *in, int *out, int p) {
    extern __shared__ float smem[];
    const int pitch = p, tx = threadIdx.x, ty = threadIdx.y;
    for (int r = ty; r < 32; r += 8) {
        smem[r * pitch + tx] = (float)(in[(blockIdx.x * 1024 + r * 32 + tx) & 4095] & 255);
        if (tx == 0) smem[r * pitch + 32] = (float)r;
    }
    __syncthreads();
    for (int r = ty; r < 32; r += 8)
        out[blockIdx.x * 1024 + r * 32 + tx] = __float_as_int(smem[tx * pitch + r] + smem[r * pitch + 32]);
}
#ifdef __CUDACC__
void launch(const int *in, int *out, int pitch) {
    rt4_58_runtime_pitch<<<2, dim3(32, 8), 32 * pitch * sizeof(float)>>>(in, out, pitch);
}
#endif
