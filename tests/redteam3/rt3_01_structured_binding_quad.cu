// Structured bindings over a shared row of four ints (a float4-free way to
// unpack a quad, as C++17 code does): `auto &[a, b, c, d] = quad[r]` binds
// to the row's elements in place, so a layout that pads or permutes a row
// changes what a..d name, or stops the binding from compiling.
// launch: rt3_01_structured_binding_quad 2 32x8
__global__ void rt3_01_structured_binding_quad(const int *in, int *out, int p) {
    __shared__ int quad[64][4];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    quad[tid / 4][tid % 4] = in[blockIdx.x * 256 + tid] & 4095;
    __syncthreads();
    auto &[a, b, c, d] = quad[(tid * 5) % 64];
    out[blockIdx.x * 256 + tid] = a + 3 * b + 5 * c + 7 * d + quad[tx][ty % 4];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt3_01_structured_binding_quad<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
